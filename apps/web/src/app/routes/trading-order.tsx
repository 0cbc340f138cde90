import { MyOrders, OrderForm } from '../../features/cards';
import { pagePath } from '../../lib/pages';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/trading/order — place a buy order (what it reserves shown first) and follow the user's orders. */
export default function TradingOrderRoute() {
  return (
    <AccountSubPage page="trading/order">
      {(user, onBalancesChanged) => (
        <div className="cards-page">
          <OrderForm rusdChargePath={pagePath('property/single')} onBalancesChanged={onBalancesChanged} balances={user?.balances} />
          <MyOrders />
        </div>
      )}
    </AccountSubPage>
  );
}
