import { HoldingsOverview } from '../../features/funds';
import { useHoldingsData } from '../layouts/account-sub-page';
import { SubPage } from '../layouts/sub-page';

/** pages/index/property — the user's holdings valued in USDT at the lakes' prices (decision 020). */
export default function HoldingsRoute() {
  const holdings = useHoldingsData();
  return (
    <SubPage page="index/property">
      <HoldingsOverview {...holdings} />
    </SubPage>
  );
}
