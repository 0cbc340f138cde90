import { PriceChartPanel, PriceOverview } from '../../features/market';
import { PublicSubPage } from '../layouts/sub-page';

/** pages/user/price — the coin's price, 24 h change and chart. Public. */
export default function PriceRoute() {
  return (
    <PublicSubPage page="user/price" fish={{ body: '#f4d9a6', fin: '#2ee6d6' }}>
      <PriceOverview />
      <PriceChartPanel />
    </PublicSubPage>
  );
}
