import { lazy, Suspense, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NotLoggedIn } from '../../features/auth';
// The valuation by its own path: the funds barrel would bring the funds pages' code and styles into Home's chunk.
import { valueHoldings, type PricedLake } from '../../features/funds/holdings/model/holdings';
import { BalanceSummary, HomeHeader, QuickLinks } from '../../features/home';
import { CoinStats } from '../../features/market';
import { BalanceList, userInfoQueryKey, useUserInfo } from '../../features/user';
import { pagePath } from '../../lib/pages';
import { useSession } from '../../lib/session';
import { useAssetSymbols } from '../../lib/use-asset-symbols';
import { useHoldingsData } from '../layouts/account-sub-page';

// Only a signed-in user sees these two cards: a visitor's first load does not carry their code (and the
// money-form machinery the claim uses), and a signed-in user fetches them alongside their data. The referrer
// card is imported by its own path: the user barrel is already a static import of this page.
const AirdropCard = lazy(() => import('../../features/airdrop').then((m) => ({ default: m.AirdropCard })));
const BindReferrerCard = lazy(() => import('../../features/user/components/bind-referrer-card').then((m) => ({ default: m.BindReferrerCard })));

/**
 * pages/index/index — the home tab: the total balance and the money actions first (above the fold on a 375×667
 * phone), then the balances, the referrer and airdrop cards, the coin figures and the shortcut grid.
 */
export default function HomeRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <div className="page page--tab">
      <HomeHeader nickname={token ? user.data?.nickname : undefined} />
      <div className="page__body">
        {token && <HomeTotal />}
        {token ? (
          <BalanceList
            action={
              <Link className="text-link" to={pagePath('property/index')} data-testid="home-all-assets">
                {t('home.allAssets')}
              </Link>
            }
          />
        ) : (
          <NotLoggedIn />
        )}
        {token && (
          <Suspense fallback={null}>
            <BindReferrerCard />
          </Suspense>
        )}
        {token && (
          <Suspense fallback={null}>
            <AirdropCard
              historyLink={
                <Link className="text-link" to={pagePath('index/airDrop')} data-testid="airdrop-history-link">
                  {t('airdrop.history')}
                </Link>
              }
              onClaimed={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })}
            />
          </Suspense>
        )}
        <CoinStats />
        <QuickLinks />
      </div>
    </div>
  );
}

/** Without the lakes only USDT can be valued; one constant keeps the memoized total stable. */
const NO_LAKES: readonly PricedLake[] = [];

/** The total the balances page shows (the same valuation at the lakes' prices), under Home's header. */
function HomeTotal() {
  const symbols = useAssetSymbols();
  const { balances, failed, onRetry, lakes, lakesFailed } = useHoldingsData();
  const pricing = lakes ?? (lakesFailed ? NO_LAKES : undefined);
  const total = useMemo(() => (balances === undefined || pricing === undefined ? undefined : valueHoldings(balances, pricing).total), [balances, pricing]);
  return <BalanceSummary total={total} unit={symbols.usdt} failed={failed} onRetry={onRetry} />;
}
