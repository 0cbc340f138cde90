import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NotLoggedIn } from '../../features/auth';
import { HomeHeader, QuickLinks } from '../../features/home';
import { CoinStats } from '../../features/market';
import { BalanceList, userInfoQueryKey, useUserInfo } from '../../features/user';
import { pagePath } from '../../lib/pages';
import { useSession } from '../../lib/session';

// Only a signed-in user sees these two cards: a visitor's first load does not carry their code (and the
// money-form machinery the claim uses), and a signed-in user fetches them alongside their data. The referrer
// card is imported by its own path: the user barrel is already a static import of this page.
const AirdropCard = lazy(() => import('../../features/airdrop').then((m) => ({ default: m.AirdropCard })));
const BindReferrerCard = lazy(() => import('../../features/user/components/bind-referrer-card').then((m) => ({ default: m.BindReferrerCard })));

/** pages/index/index — the home tab: coin figures, balances, airdrops, quick links. */
export default function HomeRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <div className="page page--tab">
      <HomeHeader nickname={token ? user.data?.nickname : undefined} />
      <div className="page__body">
        <CoinStats />
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
        <QuickLinks />
      </div>
    </div>
  );
}
