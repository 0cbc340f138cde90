import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, type BillLine, type RewardKind } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { FishSchool } from '../../../components/ui/status-screen';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useAwardLog } from '../api/get-award-log';

/** pages/index/incomeTpl body: the lines of one reward kind, 20 a page, "load more". */
export function IncomeLog({ kind }: { kind: RewardKind }) {
  const { t } = useTranslation();
  const log = useAwardLog(kind);
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();

  const lines = useMemo(() => {
    const byId = new Map<number, BillLine>();
    for (const page of log.data?.pages ?? []) for (const line of page.list) if (!byId.has(line.id)) byId.set(line.id, line);
    return [...byId.values()];
  }, [log.data]);

  return (
    <div className="income-log">
      <h2 className="card__title" data-testid="income-kind-title">
        {t(`income.kinds.${kind}`)}
      </h2>
      {log.isError && lines.length === 0 ? (
        <div className="card inline-error">
          <p>{t('errors.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void log.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : log.isPending ? (
        <div className="list-loading">
          <Spinner size="large" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : lines.length === 0 ? (
        <div className="empty-state" data-testid="income-empty">
          <FishSchool />
          <p>{t('income.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="card bill-list">
            {lines.map((line) => {
              const amount = formatAmount(line.amount);
              const negative = amount.startsWith('-');
              return (
                <li key={line.id} className="bill" data-testid="income-line">
                  <div className="bill__main">
                    <span className="bill__kind">{t(`income.kinds.${kind}`)}</span>
                    <time className="bill__time" dateTime={line.created_at}>
                      {dateFormat.format(new Date(line.created_at))}
                    </time>
                    {line.memo && <span className="bill__memo">{line.memo}</span>}
                  </div>
                  <div className="bill__side">
                    <span className={`bill__amount ${negative ? 'is-negative' : 'is-positive'}`}>
                      {negative ? amount : `+${amount}`} <small>{symbols[line.asset]}</small>
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="list-footer">
            {log.hasNextPage ? (
              <Button
                variant="secondary"
                busy={log.isFetchingNextPage}
                onClick={() => {
                  if (!log.isFetchingNextPage) void log.fetchNextPage();
                }}
                data-testid="income-load-more"
              >
                {t('common.loadMore')}
              </Button>
            ) : (
              <p className="muted">{t('common.noMore')}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
