import { useSearchParams } from 'react-router-dom';
import { idParam, SellCard } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/cards/sell?card= — list a card: its listing price, the fee, what the seller obtains. */
export default function CardsSellRoute() {
  const [search] = useSearchParams();
  return (
    <SubPage page="cards/sell">
      <SellCard cardId={idParam(search.get('card'))} />
    </SubPage>
  );
}
