import { StarterCards } from '../../features/cards';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/cards/index — the starter cards on offer: session countdown, stock, price, fuel fee, Buy. */
export default function CardsIndexRoute() {
  return (
    <AccountSubPage page="cards/index">
      {(user, onBalancesChanged) => <StarterCards onBalancesChanged={onBalancesChanged} balances={user?.balances} />}
    </AccountSubPage>
  );
}
