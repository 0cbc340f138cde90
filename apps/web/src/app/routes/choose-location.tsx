import { useSearchParams } from 'react-router-dom';
import { ChooseLocation } from '../../features/shop';
import { safeReturnPath } from '../../lib/pages';
import { SubPage } from '../layouts/sub-page';

/** /choose-location[?back=] — pick a delivery address from the book or add one (spec §2 system picker). */
export default function ChooseLocationRoute() {
  const [search] = useSearchParams();
  return (
    <SubPage page="choose-location">
      <ChooseLocation back={safeReturnPath(search.get('back'))} />
    </SubPage>
  );
}
