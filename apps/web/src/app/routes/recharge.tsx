import { useQueryClient } from '@tanstack/react-query';
import { DepositList, RechargeForm } from '../../features/funds';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/property/recharge — pay from the wallet on chain, then follow the deposit until it is credited. */
export default function RechargeRoute() {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <SubPage page="property/recharge">
      <RechargeForm balances={user.data?.balances} />
      <DepositList onCredited={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })} />
    </SubPage>
  );
}
