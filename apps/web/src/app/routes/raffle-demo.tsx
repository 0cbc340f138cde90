import { RaffleWheel } from '../../features/games';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/ss-raffle-demo/ss-raffle-demo — the lucky wheel on the fair core, with free spins from operators (issue 14). */
export default function RaffleDemoRoute() {
  return (
    <AccountSubPage page="ss-raffle-demo/ss-raffle-demo">
      {(user, onBalancesChanged) => <RaffleWheel balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
