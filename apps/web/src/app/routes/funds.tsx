import { FundsOverview } from '../../features/funds';
import { useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/property/index — all balances and the funds actions. */
export default function FundsRoute() {
  const user = useUserInfo();
  return (
    <SubPage page="property/index">
      <FundsOverview balances={user.data?.balances} failed={user.isError} onRetry={() => void user.refetch()} />
    </SubPage>
  );
}
