import { PledgeProducts } from '../../features/pledge';
import { SubPage } from '../layouts/sub-page';

/** pages/pledge/index — the pledge products: rate, cap progress, state and countdowns on the server's clock. */
export default function PledgeIndexRoute() {
  return (
    <SubPage page="pledge/index">
      <PledgeProducts />
    </SubPage>
  );
}
