import { useSearchParams } from 'react-router-dom';
import { idParam, OpenLocation } from '../../features/shop';
import { SubPage } from '../layouts/sub-page';

/** /open-location?order= — an order's delivery address with a link to the maps app (spec §2 system picker). */
export default function OpenLocationRoute() {
  const [search] = useSearchParams();
  return (
    <SubPage page="open-location">
      <OpenLocation orderId={idParam(search.get('order'))} />
    </SubPage>
  );
}
