import { useQueryClient } from '@tanstack/react-query';
import { WithdrawalForm, WithdrawalList } from '../../features/property';
import { userInfoQueryKey, useUserInfo } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/property/withdrawal — USDT or coin to the user's wallet, and the review state of each request. */
export default function WithdrawalRoute() {
  const user = useUserInfo();
  const queryClient = useQueryClient();
  return (
    <SubPage page="property/withdrawal">
      <WithdrawalForm
        hasPayPassword={user.data?.has_pay_password}
        onWithdrawn={() => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey })}
      />
      <WithdrawalList />
    </SubPage>
  );
}
