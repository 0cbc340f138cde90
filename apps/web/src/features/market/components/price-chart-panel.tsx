import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FishSchool } from '../../../components/ui/status-screen';
import { isPriceRange, PRICE_RANGES, usePrices, type PriceRange } from '../api/list-prices';
import { PriceChart } from './price-chart';

/** Range tabs (1d / 1w / 1m / all, kept in `?range=`) over the chart of the main lake's closes and volume. */
export function PriceChartPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('range');
  const range: PriceRange = isPriceRange(requested) ? requested : '1d';
  const prices = usePrices(range);

  return (
    <section className="card price-panel" aria-label={t('market.chartLabel')}>
      <div className="tabs tabs--even" role="tablist" aria-label={t('market.rangesLabel')}>
        {PRICE_RANGES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === range}
            className="tabs__tab"
            data-testid={`price-range-${value}`}
            onClick={() => setSearch(value === '1d' ? {} : { range: value }, { replace: true })}
          >
            {t(`market.ranges.${value}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-busy={prices.isFetching || undefined}>
        {prices.isError ? (
          <div className="price-chart price-chart--message">
            <p>{t('errors.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void prices.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : prices.data === null || (prices.data !== undefined && prices.data.candles.length === 0) ? (
          <div className="price-chart price-chart--message" data-testid="price-chart-empty">
            <FishSchool />
            <p>{t('market.chartEmpty')}</p>
          </div>
        ) : (
          <PriceChart candles={prices.data?.candles ?? NO_CANDLES} loading={prices.isPending} />
        )}
      </div>
    </section>
  );
}

const NO_CANDLES: readonly never[] = [];
