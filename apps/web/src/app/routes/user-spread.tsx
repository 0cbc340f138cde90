import { InvitePanel } from '../../features/community';
import { SubPage } from '../layouts/sub-page';
import { WithInviter } from './invite-page';

/** pages/user/spread — my referral link, from Mine: the same invitation as community/invite. */
export default function UserSpreadRoute() {
  return (
    <SubPage page="user/spread">
      <WithInviter>{(inviter) => <InvitePanel uid={inviter.uid} nickname={inviter.nickname} />}</WithInviter>
    </SubPage>
  );
}
