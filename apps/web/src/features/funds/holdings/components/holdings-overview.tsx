import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserInfo } from '@reef/contract';
import { ErrorState } from '../../../../components/ui/error-state';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { pagePath } from '../../../../lib/pages';
import { useAssetSymbols } from '../../../../lib/use-asset-symbols';
import { valueHoldings, type PricedLake } from '../model/holdings';
import { FundListSkeleton } from './fund-actions';
import './holdings.css';

/** Without the lakes only USDT can be valued; one constant keeps the memoized values stable. */
const NO_LAKES: readonly PricedLake[] = [];

interface HoldingsOverviewProps {
  balances: UserInfo['balances'] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The lakes that price the assets; undefined while they load. */
  lakes: readonly PricedLake[] | undefined;
  /** The lakes could not be loaded: values are then only what needs no lake (USDT). */
  lakesFailed: boolean;
}

/**
 * pages/index/property: what the user holds, every asset with its balance and its value in USDT at the lakes'
 * current prices, and the total of what can be valued. Each row opens the asset's page (index/details).
 */
export function HoldingsOverview({ balances, failed, onRetry, lakes, lakesFailed }: HoldingsOverviewProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const pricing = lakes ?? (lakesFailed ? NO_LAKES : undefined);
  const holdings = useMemo(() => (balances === undefined || pricing === undefined ? undefined : valueHoldings(balances, pricing)), [balances, pricing]);

  if (failed) {
    return <ErrorState as="section" onRetry={onRetry} />;
  }

  return (
    <>
      <section className="card holdings-total" aria-labelledby="holdings-total-title">
        <h2 id="holdings-total-title" className="holdings-total__label">
          {t('property.holdings.total', { symbol: symbols.usdt })}
        </h2>
        {holdings === undefined ? (
          <span className="skeleton coin-stats__skeleton" />
        ) : (
          <p className="price-figure price-figure--large">
            <span className="price-figure__value" data-testid="holdings-total">
              {formatGroupedAmount(holdings.total)}
            </span>
            <span className="price-figure__unit">{symbols.usdt}</span>
          </p>
        )}
        <p className="muted holdings-total__note" data-testid="holdings-note">
          {holdings !== undefined && holdings.unpriced.length > 0
            ? t('property.holdings.unpriced', { assets: holdings.unpriced.map((key) => symbols[key]).join(', ') })
            : t('property.holdings.note')}
        </p>
      </section>

      <section className="card" aria-labelledby="holdings-title">
        <h2 id="holdings-title" className="card__title">
          {t('home.balances')}
        </h2>
        {holdings === undefined ? (
          <FundListSkeleton />
        ) : (
          <ul className="fund-list">
            {holdings.list.map((holding) => (
              <li key={holding.key}>
                <Link
                  className={`fund-row holding balance--${holding.key}`}
                  to={`${pagePath('index/details')}?asset=${holding.key}`}
                  data-testid={`holding-${holding.key}`}
                >
                  <span className="fund-row__symbol">{holding.symbol}</span>
                  <span className="fund-row__amount" data-testid={`holding-amount-${holding.key}`}>
                    {formatGroupedAmount(holding.amount)}
                  </span>
                  <span className="holding__value" data-testid={`holding-value-${holding.key}`}>
                    {holding.value === null ? t('property.holdings.noPrice') : `≈ ${formatGroupedAmount(holding.value)} ${symbols.usdt}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
