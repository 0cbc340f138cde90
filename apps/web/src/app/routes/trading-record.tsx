import { TradeRecord } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/trading/record — every card the user bought or sold on the market. */
export default function TradingRecordRoute() {
  return (
    <SubPage page="trading/record">
      <TradeRecord />
    </SubPage>
  );
}
