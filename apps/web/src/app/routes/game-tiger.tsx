import { SlotMachineGame } from '../../features/games';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/game/tiger/tiger — the slot machine of Red Sea creatures, provably fair (issue 14). */
export default function GameTigerRoute() {
  return (
    <AccountSubPage page="game/tiger/tiger">
      {(user, onBalancesChanged) => <SlotMachineGame balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
