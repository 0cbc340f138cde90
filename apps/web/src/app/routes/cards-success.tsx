import { useSearchParams } from 'react-router-dom';
import { idParam, PurchaseSuccess } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/** pages/cards/success?card= — the starter card just bought. */
export default function CardsSuccessRoute() {
  const [search] = useSearchParams();
  return (
    <SubPage page="cards/success">
      <PurchaseSuccess cardId={idParam(search.get('card'))} />
    </SubPage>
  );
}
