import { MyCards } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/cards/order — the user's cards: in the warehouse, listed, sold. */
export default function CardsOrderRoute() {
  return (
    <SubPage page="cards/order">
      <MyCards />
    </SubPage>
  );
}
