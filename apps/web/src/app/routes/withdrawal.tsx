import { WithdrawalForm, WithdrawalList } from '../../features/funds';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/property/withdrawal — USDT or coin to the user's wallet, and the review state of each request. */
export default function WithdrawalRoute() {
  return (
    <AccountSubPage page="property/withdrawal">
      {(user, onWithdrawn) => (
        <>
          <WithdrawalForm hasPayPassword={user?.has_pay_password} onWithdrawn={onWithdrawn} destination={user?.account} />
          <WithdrawalList />
        </>
      )}
    </AccountSubPage>
  );
}
