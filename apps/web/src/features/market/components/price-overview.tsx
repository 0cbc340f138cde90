import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS } from '@reef/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { formatGroupedAmount, ratePercent } from '../../../lib/amount-format';
import { pagePath } from '../../../lib/pages';
import { useCoinIndex } from '../api/get-coin-index';
import { useMainLake } from '../api/list-lakes';
import { ChangeChip } from './change-chip';
import { PriceFigure } from '../../../components/ui/price-figure';
import './market.css';

/** The price page's head: the current price, its 24 h change, and the main lake's depth and volume. */
export function PriceOverview() {
  const { t } = useTranslation();
  const coin = useCoinIndex();
  const lake = useMainLake();

  if (coin.isError) {
    return <ErrorState onRetry={coin.refetch} as="section" />;
  }

  const main = lake.data ?? null;
  const base = main?.base_symbol ?? coin.data?.symbol ?? DEFAULT_ASSET_SYMBOLS.coin;
  const quote = main?.quote_symbol ?? DEFAULT_ASSET_SYMBOLS.usdt;
  const fee = main ? ratePercent(main.fee_rate) : null;

  return (
    <section className="card price-overview" aria-labelledby="price-overview-title" aria-busy={coin.isFetching || undefined}>
      <h2 id="price-overview-title" className="coin-stats__label">
        {t('market.pair', { base, quote })}
      </h2>
      <div className="coin-stats__quote">
        <PriceFigure value={coin.data && (coin.data.price === null ? '—' : formatGroupedAmount(coin.data.price))} unit={quote} large testId="price-current" />
        {coin.data !== undefined && <ChangeChip change={coin.data.change_24h} testId="price-change" />}
      </div>
      {main ? (
        <dl className="stat-grid">
          <div>
            <dt>{t('market.volume24h')}</dt>
            <dd>
              {formatGroupedAmount(main.volume_24h_quote, 2)} <small>{quote}</small>
            </dd>
          </div>
          <div>
            <dt>{t('market.feeRate')}</dt>
            <dd>{fee === null ? '—' : `${fee}%`}</dd>
          </div>
          <div>
            <dt>{t('market.reserve', { symbol: base })}</dt>
            <dd>{formatGroupedAmount(main.reserve_base, 2)}</dd>
          </div>
          <div>
            <dt>{t('market.reserve', { symbol: quote })}</dt>
            <dd>{formatGroupedAmount(main.reserve_quote, 2)}</dd>
          </div>
        </dl>
      ) : (
        lake.isSuccess && <p className="muted">{t('market.noLake')}</p>
      )}
      <Link className="row-link" to={pagePath('user/priceRecord')} data-testid="price-records-link">
        <span>{t('market.recentTrades')}</span>
        <span aria-hidden="true">›</span>
      </Link>
    </section>
  );
}
