import type { miningApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useMyMiners } from '../api/list-my-miners';
import { MinerRow } from './miner-row';
import { FeeBox } from '../../../components/ui/fee-box';

/**
 * mining/index, second part: the caller's miners — how many run, today's and all-time income per output asset, then
 * each miner with its state, income, produced and remaining, and its records on demand.
 */
export function MyMiners() {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const query = useMyMiners();
  const first = query.data?.pages[0];
  return (
    <section className="mining-section" aria-labelledby="my-miners-title" data-testid="my-miners">
      <h2 id="my-miners-title" className="mining-section__title">
        {t('mining.mine.title')}
      </h2>
      {first !== undefined && (
        <FeeBox
          className="mining-totals"
          testId="mining-totals"
          rows={[
            { label: t('mining.mine.running'), value: first.running, testId: 'mining-running', className: 'figure' },
            ...incomeRows(first.income).flatMap((row) => [
              { label: t('mining.mine.todayIncome'), value: <Money value={row.today} symbol={symbols[row.asset]} testId={`mining-today-${row.asset}`} /> },
              { label: t('mining.mine.totalIncome'), value: <Money value={row.total} symbol={symbols[row.asset]} testId={`mining-income-${row.asset}`} /> },
            ]),
          ]}
        />
      )}
      <PagedList
        query={query}
        renderRow={(miner: miningApi.Miner) => <MinerRow miner={miner} />}
        empty={<EmptyState title={t('mining.emptyState.title')} text={t('mining.emptyState.text')} testId="my-miners-empty" />}
        testId="my-miners-list"
      />
    </section>
  );
}

/** Every output asset once; a caller with no income yet still sees zero for the platform coin. */
function incomeRows(income: readonly { asset: miningApi.Miner['output_asset']; today: string; total: string }[]) {
  return income.length > 0 ? income : [{ asset: 'coin' as const, today: '0', total: '0' }];
}
