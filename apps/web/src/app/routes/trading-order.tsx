import { MyOrders, OrderForm } from '../../features/cards';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/trading/order — place a buy order (what it reserves shown first) and follow the user's orders. */
export default function TradingOrderRoute() {
  return (
    <AccountSubPage page="trading/order">
      {(user, onBalancesChanged) => (
        <div className="cards-page">
          <OrderForm onBalancesChanged={onBalancesChanged} balances={user?.balances} />
          <MyOrders />
        </div>
      )}
    </AccountSubPage>
  );
}
