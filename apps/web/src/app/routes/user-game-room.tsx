import { GameRoom } from '../../features/games';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/user/gameRoom — the game balances, the player's rounds with a verify link each, and totals. */
export default function UserGameRoomRoute() {
  return <AccountSubPage page="user/gameRoom">{(user) => <GameRoom balances={user?.balances} />}</AccountSubPage>;
}
