import { StarterCards } from '../../features/cards';
import { pagePath } from '../../lib/pages';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/cards/index — the starter cards on offer: session countdown, stock, price, fuel fee, Buy. */
export default function CardsIndexRoute() {
  return (
    <AccountSubPage page="cards/index">
      {(user, onBalancesChanged) => (
        <StarterCards rusdChargePath={pagePath('property/single')} onBalancesChanged={onBalancesChanged} balances={user?.balances} />
      )}
    </AccountSubPage>
  );
}
