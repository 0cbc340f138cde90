import { BubbleReef } from '../../features/mining';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/mining/paopao — each day's output as a bubble on the reef; tap a ripe one to collect it. */
export default function MiningPaopaoRoute() {
  return (
    <AccountSubPage page="mining/paopao">
      {(user, onBalancesChanged) => <BubbleReef balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
