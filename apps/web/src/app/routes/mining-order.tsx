import { useSearchParams } from 'react-router-dom';
import { BuyMiner, idFromQuery } from '../../features/mining';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/mining/order?product= — buying a miner: quantity, the asset paid with, the cost, Confirm. */
export default function MiningOrderRoute() {
  const [search] = useSearchParams();
  return (
    <AccountSubPage page="mining/order">
      {(user, onBalancesChanged) => <BuyMiner productId={idFromQuery(search.get('product'))} balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
