import { Market } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/trading/index — the card market: listings with a price band and seller filter, the sessions' countdowns. */
export default function TradingIndexRoute() {
  return (
    <SubPage page="trading/index">
      <Market />
    </SubPage>
  );
}
