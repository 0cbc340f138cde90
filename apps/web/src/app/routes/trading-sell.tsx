import { MySales } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/trading/sell — the user's listings: not started, on sale, ended. */
export default function TradingSellRoute() {
  return (
    <SubPage page="trading/sell">
      <MySales />
    </SubPage>
  );
}
