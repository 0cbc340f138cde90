import { ShareContentPanel } from '../../features/community';
import { SubPage } from '../layouts/sub-page';
import { WithInviter } from './invite-page';

/** pages/community/share — the operator's share content (GET /api/share) with the share actions. */
export default function CommunityShareRoute() {
  return (
    <SubPage page="community/share">
      <WithInviter>{(inviter) => <ShareContentPanel uid={inviter.uid} />}</WithInviter>
    </SubPage>
  );
}
