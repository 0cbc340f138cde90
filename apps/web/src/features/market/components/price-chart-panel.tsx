import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Tabs } from '../../../components/ui/tabs';
import { isPriceRange, PRICE_RANGES, usePrices, type PriceRange } from '../api/list-prices';
import { PriceChart } from './price-chart';
import './price-chart.css';

/** Range tabs (1d / 1w / 1m / all, kept in `?range=`) over the chart of the main lake's closes and volume. */
export function PriceChartPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('range');
  const range: PriceRange = isPriceRange(requested) ? requested : '1d';
  const prices = usePrices(range);

  return (
    <section className="card price-panel" aria-label={t('market.chartLabel')}>
      <Tabs
        className="tabs--even"
        label={t('market.rangesLabel')}
        tabs={PRICE_RANGES.map((value) => ({ id: value, label: t(`market.ranges.${value}`), testId: `price-range-${value}` }))}
        selected={range}
        onSelect={(value) => setSearch(value === '1d' ? {} : { range: value }, { replace: true })}
      />
      <div role="tabpanel" aria-busy={prices.isFetching || undefined}>
        {prices.isError ? (
          <ErrorState className="price-chart price-chart--message" onRetry={prices.refetch} />
        ) : prices.data === null || (prices.data !== undefined && prices.data.candles.length === 0) ? (
          <EmptyState className="price-chart price-chart--message" text={t('market.chartEmpty')} testId="price-chart-empty" />
        ) : (
          <PriceChart candles={prices.data?.candles ?? NO_CANDLES} loading={prices.isPending} />
        )}
      </div>
    </section>
  );
}

const NO_CANDLES: readonly never[] = [];
