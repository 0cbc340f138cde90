import { InvitePanel } from '../../features/community';
import { SubPage } from '../layouts/sub-page';
import { WithInviter } from './invite-page';

/** pages/community/invite — invite friends: link, QR code, copy, share sheet, poster. */
export default function CommunityInviteRoute() {
  return (
    <SubPage page="community/invite">
      <WithInviter>{(inviter) => <InvitePanel uid={inviter.uid} nickname={inviter.nickname} />}</WithInviter>
    </SubPage>
  );
}
