import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { generationParam, TeamMembers } from '../../features/community';
import { SubPage } from '../layouts/sub-page';

/** pages/community/members[?generation=indirect] — my direct or indirect members (not a spec page; community/index links it). */
export default function CommunityMembersRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const generation = generationParam(search.get('generation'));
  return (
    <SubPage page="community/index" title={t(`team.members.${generation}`)}>
      <TeamMembers generation={generation} />
    </SubPage>
  );
}
