import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AirdropCard } from '../../features/airdrop';
import { NotLoggedIn } from '../../features/auth';
import { HomeHeader, QuickLinks } from '../../features/home';
import { CoinStats } from '../../features/market';
import { BalanceList, BindReferrerCard, userInfoQueryKey, useUserInfo } from '../../features/user';
import { pagePath } from '../../lib/pages';
import { useSession } from '../../lib/session';

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
        {token && <BindReferrerCard />}
        {token && (
          <AirdropCard
            historyLink={
              <Link className="text-link" to={pagePath('index/airDrop')} data-testid="airdrop-history-link">
                {t('airdrop.history')}
              </Link>
            }
            onClaimed={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })}
          />
        )}
        <QuickLinks />
      </div>
    </div>
  );
}
