import { BlindBoxGame } from '../../features/games';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/game/index — blind-box guessing, provably fair (issue 14). */
export default function GameIndexRoute() {
  return (
    <AccountSubPage page="game/index">
      {(user, onBalancesChanged) => <BlindBoxGame balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
