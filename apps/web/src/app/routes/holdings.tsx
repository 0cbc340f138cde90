import { useLakes } from '../../features/market';
import { HoldingsOverview } from '../../features/property';
import { useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/index/property — the user's holdings valued in USDT at the lakes' prices (decision 020). */
export default function HoldingsRoute() {
  const user = useUserInfo();
  const lakes = useLakes();
  return (
    <SubPage page="index/property">
      <HoldingsOverview
        balances={user.data?.balances}
        failed={user.isError}
        onRetry={() => void user.refetch()}
        lakes={lakes.data?.list}
        lakesFailed={lakes.isError}
      />
    </SubPage>
  );
}
