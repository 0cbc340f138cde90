import { useSearchParams } from 'react-router-dom';
import { CardTypeDetails, idParam, MyCardDetails } from '../../features/cards';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/cards/details — `?card=` one of the user's cards with its history; `?type=` a starter card type and its rules. */
export default function CardsDetailsRoute() {
  const [search] = useSearchParams();
  const typeId = idParam(search.get('type'));
  return (
    <AccountSubPage page="cards/details">
      {(user, onBalancesChanged) =>
        typeId !== 0 && !search.has('card') ? (
          <CardTypeDetails typeId={typeId} onBalancesChanged={onBalancesChanged} balances={user?.balances} />
        ) : (
          <MyCardDetails cardId={idParam(search.get('card'))} />
        )
      }
    </AccountSubPage>
  );
}
