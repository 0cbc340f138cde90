import { CommunityCentre } from '../../features/community';
import { SubPage } from '../layouts/sub-page';

/** pages/community/index — the community centre: my team figures and areas, my level, my members, invite, leader area. */
export default function CommunityIndexRoute() {
  return (
    <SubPage page="community/index">
      <CommunityCentre />
    </SubPage>
  );
}
