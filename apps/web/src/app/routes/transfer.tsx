import { TransferForm } from '../../features/funds';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/property/transfer — send an asset to another user. */
export default function TransferRoute() {
  return (
    <AccountSubPage page="property/transfer">
      {(user, onTransferred) => <TransferForm balances={user?.balances} hasPayPassword={user?.has_pay_password} onTransferred={onTransferred} />}
    </AccountSubPage>
  );
}
