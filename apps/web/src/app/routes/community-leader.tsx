import { useTranslation } from '../../i18n';
import { LeaderTeam } from '../../features/community';
import { SubPage } from '../layouts/sub-page';

/** pages/community/leader — the leader's summary and team (not a spec page; the leader area links it). */
export default function CommunityLeaderRoute() {
  const { t } = useTranslation();
  return (
    <SubPage page="community/index" title={t('team.leader.title')}>
      <LeaderTeam />
    </SubPage>
  );
}
