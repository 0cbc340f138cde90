import { ChargePanel } from '../../features/funds';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/property/single — buy RUSD with USDT from the balance, or with BNB paid on chain from the wallet. */
export default function ChargeRoute() {
  return <AccountSubPage page="property/single">{(user, onCharged) => <ChargePanel balances={user?.balances} onCharged={onCharged} />}</AccountSubPage>;
}
