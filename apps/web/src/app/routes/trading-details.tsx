import { useSearchParams } from 'react-router-dom';
import { idParam, ListingDetails } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/trading/details?listing= — one card on the market. */
export default function TradingDetailsRoute() {
  const [search] = useSearchParams();
  return (
    <SubPage page="trading/details">
      <ListingDetails listingId={idParam(search.get('listing'))} />
    </SubPage>
  );
}
