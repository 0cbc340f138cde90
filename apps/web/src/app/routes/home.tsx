import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation, withFullCatalogue } from '../../i18n';
import { Link } from 'react-router-dom';
import { NotLoggedIn } from '../../features/auth';
import { BalanceSummaryPlaceholder, HomeHeader, QuickLinks } from '../../features/home';
import { coinIndexQueryOptions, CoinStats } from '../../features/market';
import { userInfoQueryKey, userInfoQueryOptions, useUserInfo } from '../../features/user';
import { appConfigQueryOptions } from '../../lib/app-config';
import { HOME_PATH, pagePath } from '../../lib/pages';
import { queryClient } from '../../lib/query-client';
import { getSession, useSession } from '../../lib/session';

// Only a signed-in user sees these two cards: a visitor's first load does not carry their code (and the
// money-form machinery the claim uses), and a signed-in user fetches them alongside their data. The referrer
// card is imported by its own path: the user barrel is already a static import of this page.
const AirdropCard = lazy(withFullCatalogue(() => import('../../features/airdrop').then((m) => ({ default: m.AirdropCard }))));
// The same holds for the total, the money actions and the balances (with the valuation and the hide eye). Their
// strings are outside the first-screen part of the catalogue, so each waits for the rest of it too (decision 046).
// The total's card has a first-screen placeholder of its exact box, so it arrives in place (issue 25 §2).
const HomeAccount = lazy(withFullCatalogue(() => import('./home-account')));
const HomeBalances = lazy(withFullCatalogue(() => import('./home-account').then((m) => ({ default: m.HomeBalances }))));
// The newest pinned announcement (decision 078): its own chunk, so Home's first paint does not wait for it.
const AnnouncementTicker = lazy(
  withFullCatalogue(() => import('../../features/content/components/announcement-ticker').then((m) => ({ default: m.AnnouncementTicker }))),
);
const BindReferrerCard = lazy(
  withFullCatalogue(() => import('../../features/user/components/bind-referrer-card').then((m) => ({ default: m.BindReferrerCard }))),
);

/**
 * Starts Home's reads at start-up when the page opens on Home, before the first render (decision 062): the queries
 * would otherwise start only after the first render and commit, and the coin figures would arrive in a
 * second commit that moves the shortcut grid below them. The page's hooks then find the requests under way.
 */
export function prefetchHomeData(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  if (path !== '/' && path !== HOME_PATH) return;
  void queryClient.prefetchQuery(appConfigQueryOptions());
  void queryClient.prefetchQuery(coinIndexQueryOptions());
  if (getSession().token !== null) void queryClient.prefetchQuery(userInfoQueryOptions());
}

/**
 * pages/index/index — the home tab: the total balance and the money actions first (above the fold on a 375×667
 * phone), the shortcut grid and the coin figures, then the balances, the referrer and airdrop cards and the pinned
 * announcement. Everything on the first screen has its box from the first paint (the total's placeholder, the grid,
 * the coin figures' skeletons); the parts that may or may not appear, or whose height depends on the user, come after
 * it, so their arrival moves nothing the user is looking at (issue 25 §2, issue 26: a layout shift of at most 0.05).
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
        {token ? (
          <Suspense fallback={<BalanceSummaryPlaceholder />}>
            <HomeAccount />
          </Suspense>
        ) : (
          <NotLoggedIn />
        )}
        <QuickLinks />
        <CoinStats />
        {token && (
          <Suspense fallback={null}>
            <HomeBalances />
          </Suspense>
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
        <Suspense fallback={null}>
          <AnnouncementTicker />
        </Suspense>
      </div>
    </div>
  );
}
