import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import type { RewardKind } from '@reef/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/paged-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { LedgerRow } from '../../../components/ui/ledger-row';
import { LoadingState } from '../../../components/ui/loading-state';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useAwardLog } from '../api/get-award-log';
import { pagePath } from '../../../lib/pages';
import { explainIncome } from '../model/explain-income';

/** pages/index/incomeTpl body: the lines of one reward kind, 20 a page, "load more"; each line says why it was paid (decision 065). */
export function IncomeLog({ kind }: { kind: RewardKind }) {
  const { t } = useTranslation();
  const log = useAwardLog(kind);
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();

  const lines = useMemo(() => uniqueRows(log.data?.pages), [log.data]);

  return (
    <div className="income-log">
      <h2 className="card__title" data-testid="income-kind-title">
        {t(`income.kinds.${kind}`)}
      </h2>
      {log.isError && lines.length === 0 ? (
        <ErrorState onRetry={log.refetch} />
      ) : log.isPending ? (
        <LoadingState />
      ) : lines.length === 0 ? (
        <EmptyState
          title={t('income.empty')}
          text={t('income.emptyText')}
          action={{ label: t('income.emptyAction'), to: pagePath('community/invite') }}
          testId="income-empty"
        />
      ) : (
        <>
          <ul className="card bill-list">
            {lines.map((line) => (
              <LedgerRow
                key={line.id}
                kind={t(`income.kinds.${kind}`)}
                createdAt={line.created_at}
                memo={line.explanation ? explainIncome(t, line.explanation, symbols, line.asset) : line.memo}
                amount={line.amount}
                symbol={symbols[line.asset]}
                dateFormat={dateFormat}
                testId="income-line"
              />
            ))}
          </ul>
          <LoadMore query={log} testId="income-load-more" />
        </>
      )}
    </div>
  );
}
