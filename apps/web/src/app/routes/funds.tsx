import { BalancesOverview } from '../../features/funds';
import { useHoldingsData } from '../layouts/account-sub-page';
import { SubPage } from '../layouts/sub-page';

/** pages/property/index — the one balances page: the total in USDT, the funds actions, every asset valued (decision 045). */
export default function FundsRoute() {
  const holdings = useHoldingsData();
  return (
    <SubPage page="property/index">
      <BalancesOverview {...holdings} />
    </SubPage>
  );
}
