import { useMemo } from 'react';
import { useTranslation } from '../../i18n';
import { Link } from 'react-router-dom';
// By their own paths, not the barrels Home already imports, so this code stays out of a visitor's first load; the
// valuation by its own path too: the funds barrel would bring the funds pages' code and styles.
import { valueHoldings, type PricedLake } from '../../features/funds/holdings/model/holdings';
import { BalanceSummary } from '../../features/home/components/balance-summary';
import { useLakes } from '../../features/market';
import { useUserInfo } from '../../features/user';
import { BalanceList } from '../../features/user/components/balance-list';
import { pagePath } from '../../lib/pages';
import { useAssetSymbols } from '../../lib/use-asset-symbols';

/** Without the lakes only USDT can be valued; one constant keeps the memoized total stable. */
const NO_LAKES: readonly PricedLake[] = [];

/**
 * Home's signed-in total: the balances page's valuation at the lakes' prices (the same two queries as
 * layouts/account-sub-page's useHoldingsData), the hide eye and the money actions. In its first-screen placeholder's
 * box (features/home BalanceSummaryPlaceholder).
 */
export default function HomeAccount() {
  const symbols = useAssetSymbols();
  const user = useUserInfo();
  const lakes = useLakes();
  const balances = user.data?.balances;
  const pricing = lakes.data?.list ?? (lakes.isError ? NO_LAKES : undefined);
  const total = useMemo(() => (balances === undefined || pricing === undefined ? undefined : valueHoldings(balances, pricing).total), [balances, pricing]);
  return <BalanceSummary total={total} unit={symbols.usdt} failed={user.isError} onRetry={() => void user.refetch()} />;
}

/** Home's balances, below the first screen (their number depends on the user), with the link to every asset. */
export function HomeBalances() {
  const { t } = useTranslation();
  return (
    <BalanceList
      action={
        <Link className="text-link" to={pagePath('property/index')} data-testid="home-all-assets">
          {t('home.allAssets')}
        </Link>
      }
    />
  );
}
