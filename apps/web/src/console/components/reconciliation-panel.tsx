/**
 * The reconciliation's part of the "Books and reserves" page (decision 097): the latest run's checks with the figures
 * that differ, the runs before it, and "Run now" for the roles that may start one. Its own file, so the page can hold
 * the proof-of-liabilities section beside it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reconciliationApi, type ReconciliationCheck, type ReconciliationRun } from '@reef/contract';
import { call } from '../api';
import { useT } from '../i18n';
import { Action } from './action';
import { useConsoleFormat } from './format';

const HISTORY = 10;

export const reconciliationQuery = {
  queryKey: ['reconciliation'],
  queryFn: () => call(reconciliationApi.adminReconciliation, { query: { page: 1, limit: HISTORY } }),
};

function CheckRow({ check }: { check: ReconciliationCheck }) {
  const t = useT();
  const format = useConsoleFormat();
  const failing = check.status === 'failed' || check.status === 'error';
  return (
    <>
      <tr data-testid={`reconciliation-check-${check.name}`} data-status={check.status}>
        <th>{t(`reconciliation.check.${check.name}`)}</th>
        <td className={failing ? 'state--failed' : undefined}>
          <strong>{t(`reconciliation.status.${check.status}`)}</strong>
          {check.detail ? <span className="note"> {check.detail}</span> : null}
        </td>
        <td className="amount">{check.mismatch_count}</td>
      </tr>
      {check.mismatches.length > 0 && (
        <tr>
          <td colSpan={3}>
            <table className="compact" data-testid={`reconciliation-mismatches-${check.name}`}>
              <thead>
                <tr>
                  <th>{t('reconciliation.subject')}</th>
                  <th>{t('reconciliation.expected')}</th>
                  <th>{t('reconciliation.actual')}</th>
                </tr>
              </thead>
              <tbody>
                {check.mismatches.map((m) => (
                  <tr key={m.subject}>
                    <td>
                      <code>{m.subject}</code>
                    </td>
                    <td className="amount">{format.value(m.expected)}</td>
                    <td className="amount">{format.value(m.actual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {check.mismatch_count > check.mismatches.length && (
              <p className="note">{t('reconciliation.more', { count: check.mismatch_count, shown: check.mismatches.length })}</p>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function LatestRun({ run }: { run: ReconciliationRun }) {
  const t = useT();
  const format = useConsoleFormat();
  return (
    <>
      <p className={run.ok ? 'state' : 'state state--failed'} role={run.ok ? undefined : 'alert'} data-testid="reconciliation-result">
        <strong>{run.ok ? t('reconciliation.allOk') : t('reconciliation.someFailed')}</strong> ·{' '}
        {t('reconciliation.lastRun', { when: format.dateTime(run.finished_at) })}
      </p>
      <table className="compact" data-testid="reconciliation-checks">
        <thead>
          <tr>
            <th>{t('reconciliation.check')}</th>
            <th>{t('reconciliation.status')}</th>
            <th>{t('reconciliation.mismatchCount')}</th>
          </tr>
        </thead>
        <tbody>
          {run.checks.map((check) => (
            <CheckRow key={check.name} check={check} />
          ))}
        </tbody>
      </table>
    </>
  );
}

function History({ runs }: { runs: ReconciliationRun[] }) {
  const t = useT();
  const format = useConsoleFormat();
  return (
    <>
      <h3>{t('reconciliation.history')}</h3>
      <table className="compact" data-testid="reconciliation-history">
        <thead>
          <tr>
            <th>id</th>
            <th>{t('reconciliation.startedBy')}</th>
            <th>{t('reconciliation.status')}</th>
            <th>{t('reconciliation.finished')}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{run.id}</td>
              <td>{run.requested_by === null ? t('reconciliation.bySchedule') : t('reconciliation.byOperator', { uid: run.requested_by })}</td>
              <td className={run.ok ? undefined : 'state--failed'}>{run.ok ? t('reconciliation.allOk') : t('reconciliation.someFailed')}</td>
              <td>{format.dateTime(run.finished_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function ReconciliationPanel() {
  const t = useT();
  const queryClient = useQueryClient();
  const status = useQuery(reconciliationQuery);
  return (
    <section data-testid="reconciliation-panel">
      <h2>{t('reconciliation.title')}</h2>
      <p className="note">{t('reconciliation.intro')}</p>
      <Action
        label={t('reconciliation.runNow')}
        endpoint={reconciliationApi.adminRunReconciliation}
        testId="reconciliation-run"
        run={async () => {
          await call(reconciliationApi.adminRunReconciliation);
          await queryClient.invalidateQueries({ queryKey: reconciliationQuery.queryKey });
        }}
      />
      {status.error ? (
        <p className="state state--failed" role="alert">
          {t('common.failed', { message: status.error.message })}
        </p>
      ) : status.data && !status.data.latest ? (
        <p className="state">{t('reconciliation.never')}</p>
      ) : status.data?.latest ? (
        <>
          <LatestRun run={status.data.latest} />
          {status.data.list.length > 1 && <History runs={status.data.list.slice(1)} />}
        </>
      ) : null}
    </section>
  );
}
