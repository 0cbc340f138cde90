import { useSearchParams } from 'react-router-dom';
import { idParam, Renewal } from '../../features/cards';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/trading/renewal(?card=) — renew a card for its fee, or choose which. */
export default function TradingRenewalRoute() {
  const [search] = useSearchParams();
  const cardId = search.has('card') ? idParam(search.get('card')) : null;
  return (
    <AccountSubPage page="trading/renewal">{(_user, onBalancesChanged) => <Renewal cardId={cardId} onBalancesChanged={onBalancesChanged} />}</AccountSubPage>
  );
}
