import { NotLoggedIn } from '../../features/auth';
import { HomeHeader, QuickLinks } from '../../features/home';
import { BalanceList, BindReferrerCard, useUserInfo } from '../../features/user';
import { useSession } from '../../lib/session';

/** pages/index/index — the home tab. */
export default function HomeRoute() {
  const { token } = useSession();
  const user = useUserInfo();
  return (
    <div className="page page--tab">
      <HomeHeader nickname={token ? user.data?.nickname : undefined} />
      <div className="page__body">
        {token ? <BalanceList /> : <NotLoggedIn />}
        {token && <BindReferrerCard />}
        <QuickLinks />
      </div>
    </div>
  );
}
