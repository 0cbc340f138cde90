import { MyPledges } from '../../features/pledge';
import { SubPage } from '../layouts/sub-page';

/** pages/pledge/myList — the user's positions: interest paid, principal released, the schedule and each payment explained. */
export default function PledgeMyListRoute() {
  return (
    <SubPage page="pledge/myList">
      <MyPledges />
    </SubPage>
  );
}
