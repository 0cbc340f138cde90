import { TradingSettings } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/trading/set — auto-sell per card, and the order-split rule (editable by a leader). */
export default function TradingSetRoute() {
  return (
    <SubPage page="trading/set">
      <TradingSettings />
    </SubPage>
  );
}
