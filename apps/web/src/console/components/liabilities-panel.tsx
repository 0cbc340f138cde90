/**
 * Proof of liabilities in the console (decision 098): the latest published root, its totals and when it was taken,
 * and "take a snapshot now" for the two console write roles (audited by the registrar). Its own component so the
 * reconciliation page can place it beside its status; the dashboard shows it meanwhile. The totals read like every
 * console figure (decision 116); the exact sum, every place, the figure users' proofs add up to, is in the tooltip.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liabilitiesApi } from '@reef/contract';
import { call } from '../api';
import { useT } from '../i18n';
import { Action } from './action';
import { useConsoleFormat } from './format';

const LIABILITIES_KEY = ['liabilities'] as const;

export function LiabilitiesPanel() {
  const t = useT();
  const format = useConsoleFormat();
  const queryClient = useQueryClient();
  const published = useQuery({ queryKey: LIABILITIES_KEY, queryFn: () => call(liabilitiesApi.liabilities) });
  const latest = published.data?.latest ?? null;
  return (
    <section aria-labelledby="liabilities-title" data-testid="liabilities-panel">
      <h2 id="liabilities-title">{t('liabilities.title')}</h2>
      <p className="note">{t('liabilities.note')}</p>
      {published.isError && <p className="state state--failed">{t('liabilities.failed')}</p>}
      {published.data && latest === null && <p className="state">{t('liabilities.none')}</p>}
      {latest && (
        <table className="compact" data-testid="liabilities-latest">
          <tbody>
            <tr>
              <th>{t('liabilities.takenAt')}</th>
              <td data-testid="liabilities-taken-at">
                {format.dateTime(latest.taken_at)} · {t(`liabilities.trigger.${latest.trigger}`)}
              </td>
            </tr>
            <tr>
              <th>{t('liabilities.root')}</th>
              <td className="mono" data-testid="liabilities-root">
                {latest.root}
              </td>
            </tr>
            <tr>
              <th>{t('liabilities.leaves')}</th>
              <td>{latest.leaf_count}</td>
            </tr>
            {latest.totals.map(({ asset, amount }) => (
              <tr key={asset}>
                <th>{format.symbol(asset)}</th>
                <td className="amount" title={format.exactAmount(amount)} data-testid={`liabilities-total-${asset}`}>
                  {format.amount(amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Action
        label={t('liabilities.snapshot')}
        endpoint={liabilitiesApi.adminTakeSnapshot}
        testId="liabilities-snapshot"
        run={async () => {
          const snapshot = await call(liabilitiesApi.adminTakeSnapshot, { body: {} });
          queryClient.setQueryData(LIABILITIES_KEY, (old: typeof published.data) => ({ latest: snapshot, history: [snapshot, ...(old?.history ?? [])] }));
        }}
      />
    </section>
  );
}
