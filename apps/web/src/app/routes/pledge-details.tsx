import { PledgeDetails } from '../../features/pledge';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/pledge/details?product= — one product, what it pays and when, and the lock form (checked against the balance). */
export default function PledgeDetailsRoute() {
  return (
    <AccountSubPage page="pledge/details">
      {(user, onBalancesChanged) => <PledgeDetails balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
