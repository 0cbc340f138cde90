import { GameRoom } from '../../features/games';
import { SubPage } from '../layouts/sub-page';

/** pages/user/gameRoom — the player's rounds with a verify link each, and totals. */
export default function UserGameRoomRoute() {
  return (
    <SubPage page="user/gameRoom">
      <GameRoom />
    </SubPage>
  );
}
