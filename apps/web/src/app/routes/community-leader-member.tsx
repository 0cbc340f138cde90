import { useParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { LeaderMember, uidParam } from '../../features/community';
import { SubPage } from '../layouts/sub-page';

/** pages/community/leader/:uid — one member of the leader's team (not a spec page; the leader's list opens it). */
export default function CommunityLeaderMemberRoute() {
  const { t } = useTranslation();
  const { uid } = useParams();
  return (
    <SubPage page="community/index" title={t('team.leader.member')}>
      <LeaderMember uid={uidParam(uid)} />
    </SubPage>
  );
}
