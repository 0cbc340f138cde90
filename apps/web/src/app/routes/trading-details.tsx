import { useSearchParams } from 'react-router-dom';
import { idParam, ListingDetails } from '../../features/cards';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/trading/details?listing= — one card on the market, bought from here through the review sheet. */
export default function TradingDetailsRoute() {
  const [search] = useSearchParams();
  return (
    <AccountSubPage page="trading/details">
      {(user, onBalancesChanged) => (
        <ListingDetails listingId={idParam(search.get('listing'))} balances={user?.balances} onBalancesChanged={onBalancesChanged} />
      )}
    </AccountSubPage>
  );
}
