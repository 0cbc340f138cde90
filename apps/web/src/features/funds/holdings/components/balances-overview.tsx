import type { ComponentType } from 'react';
import { useMemo } from 'react';
import { useTranslation } from '../../../../i18n';
import { Link } from 'react-router-dom';
import type { UserInfo } from '@reef/contract';
import { AssetIcon } from '../../../../components/ui/asset-icon';
import { ErrorState } from '../../../../components/ui/error-state';
import { HideBalancesButton } from '../../../../components/ui/hide-balances-button';
import { BillIcon, DepositIcon, ExchangeIcon, TransferIcon, WithdrawIcon } from '../../../../components/ui/art/icons';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { HIDDEN_AMOUNT, useBalancesHidden } from '../../../../lib/hidden-balances';
import { pagePath, type PageId } from '../../../../lib/pages';
import { useAssetSymbols } from '../../../../lib/use-asset-symbols';
import { valueHoldings, type PricedLake } from '../model/holdings';
import { FundActions, FundListSkeleton } from './fund-actions';
import { PriceFigure } from '../../../../components/ui/price-figure';
import { CardSection } from '../../../../components/ui/card-section';
import './holdings.css';

/** Without the lakes only USDT can be valued; one constant keeps the memoized values stable. */
const NO_LAKES: readonly PricedLake[] = [];

const ACTIONS: { page: PageId; Icon: ComponentType<{ className?: string }>; testId: string }[] = [
  { page: 'property/recharge', Icon: DepositIcon, testId: 'funds-recharge' },
  { page: 'property/withdrawal', Icon: WithdrawIcon, testId: 'funds-withdraw' },
  { page: 'property/transfer', Icon: TransferIcon, testId: 'funds-transfer' },
  { page: 'property/exchange', Icon: ExchangeIcon, testId: 'funds-exchange' },
  { page: 'property/propDetails', Icon: BillIcon, testId: 'funds-bills' },
];

interface BalancesOverviewProps {
  balances: UserInfo['balances'] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The lakes that price the assets; undefined while they load. */
  lakes: readonly PricedLake[] | undefined;
  /** The lakes could not be loaded: values are then only what needs no lake (USDT). */
  lakesFailed: boolean;
}

/**
 * pages/property/index, the one balances page (decision 045; index/property redirects here): the total in USDT at
 * the lakes' current prices, the ways to move funds, and every asset with its balance and value. Each row opens
 * the asset's page (index/details), which carries that asset's actions and its fund log.
 */
export function BalancesOverview({ balances, failed, onRetry, lakes, lakesFailed }: BalancesOverviewProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const hidden = useBalancesHidden();
  const pricing = lakes ?? (lakesFailed ? NO_LAKES : undefined);
  const holdings = useMemo(() => (balances === undefined || pricing === undefined ? undefined : valueHoldings(balances, pricing)), [balances, pricing]);
  const shown = (amount: string) => (hidden ? HIDDEN_AMOUNT : formatGroupedAmount(amount));

  if (failed) {
    return <ErrorState as="section" onRetry={onRetry} />;
  }

  return (
    <>
      <section className="card holdings-total" aria-labelledby="holdings-total-title">
        <header className="holdings-total__head">
          <h2 id="holdings-total-title" className="holdings-total__label">
            {t('property.holdings.total', { symbol: symbols.usdt })}
          </h2>
          <HideBalancesButton />
        </header>
        <PriceFigure value={holdings && shown(holdings.total)} unit={symbols.usdt} large tabular testId="holdings-total" />
        <p className="muted holdings-total__note" data-testid="holdings-note">
          {holdings !== undefined && holdings.unpriced.length > 0
            ? t('property.holdings.unpriced', { assets: holdings.unpriced.map((key) => symbols[key]).join(', ') })
            : t('property.holdings.note')}
        </p>
      </section>

      <FundActions actions={ACTIONS.map(({ page, Icon, testId }) => ({ key: page, to: pagePath(page), Icon, label: t(`titles.${page}`), testId }))} />

      <CardSection title={t('funds.balances')}>
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
                  <AssetIcon asset={holding.key} className="holding__icon" />
                  <span className="fund-row__symbol">{holding.symbol}</span>
                  <span className="fund-row__amount figure" data-testid={`holding-amount-${holding.key}`}>
                    {shown(holding.amount)}
                  </span>
                  <span className="holding__value figure" data-testid={`holding-value-${holding.key}`}>
                    {holding.value === null ? t('property.holdings.noPrice') : `≈ ${shown(holding.value)} ${symbols.usdt}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </>
  );
}
