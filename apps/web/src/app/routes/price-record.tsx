import { TradeList } from '../../features/market';
import { PublicSubPage } from '../layouts/sub-page';

/** pages/user/priceRecord — the recent trades of the main lake. Public. */
export default function PriceRecordRoute() {
  return (
    <PublicSubPage page="user/priceRecord" fish={{ body: '#5ef0e2', fin: '#ff7a66' }}>
      <TradeList />
    </PublicSubPage>
  );
}
