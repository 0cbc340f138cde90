import { Fragment } from 'react';
import type { miningApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useMyMiners } from '../api/list-my-miners';
import { MinerRow } from './miner-row';

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
        <dl className="fee-box mining-totals" data-testid="mining-totals">
          <div>
            <dt>{t('mining.mine.running')}</dt>
            <dd className="figure" data-testid="mining-running">
              {first.running}
            </dd>
          </div>
          {incomeRows(first.income).map((row) => (
            <Fragment key={row.asset}>
              <div>
                <dt>{t('mining.mine.todayIncome')}</dt>
                <dd>
                  <Money value={row.today} symbol={symbols[row.asset]} testId={`mining-today-${row.asset}`} />
                </dd>
              </div>
              <div>
                <dt>{t('mining.mine.totalIncome')}</dt>
                <dd>
                  <Money value={row.total} symbol={symbols[row.asset]} testId={`mining-income-${row.asset}`} />
                </dd>
              </div>
            </Fragment>
          ))}
        </dl>
      )}
      <PagedList
        query={query}
        list={query.data === undefined ? undefined : uniqueRows(query.data.pages)}
        renderRow={(miner: miningApi.Miner) => <MinerRow miner={miner} />}
        testId="my-miners-list"
      />
    </section>
  );
}

/** Every output asset once; a caller with no income yet still sees zero for the platform coin. */
function incomeRows(income: readonly { asset: miningApi.Miner['output_asset']; today: string; total: string }[]) {
  return income.length > 0 ? income : [{ asset: 'coin' as const, today: '0', total: '0' }];
}
