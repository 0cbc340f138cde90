import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state';
import { useTranslation } from '../../../i18n';
import { useMyCommunity } from '../api/get-community';
import { useLeaderInfo } from '../api/leader';
import { communityPaths } from '../model/paths';
import { LevelProgress } from './level-progress';
import { TeamAreas } from './team-areas';
import { TeamFigures } from './team-figures';
import { CardSection } from '../../../components/ui/card-section';
import './community.css';

/** A row of the centre's link lists: a page of mine, with a chevron. */
function RowLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Link className="row-link team-row-link" to={to} data-testid={testId}>
      <span>{label}</span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}

/** The leader area: shown only to a leader; a member's page never asks for it. */
function LeaderArea({ leads }: { leads: boolean }) {
  const { t } = useTranslation();
  const leader = useLeaderInfo(leads);
  if (!leader.data) return null;
  return (
    <CardSection title={t('team.leader.area')} className="team-section" testId="leader-area">
      <p className="muted team-note">{t('team.leader.areaNote', { count: leader.data.figures.team_total })}</p>
      <RowLink to={communityPaths.leader()} label={t('team.leader.title')} testId="leader-area-team" />
      <RowLink to={communityPaths.split()} label={t('titles.community/set')} testId="leader-area-split" />
    </CardSection>
  );
}

/** community/index: my team figures, the two areas drawn, my level and the next one, my members, invite, leader area. */
export function CommunityCentre() {
  const { t } = useTranslation();
  const community = useMyCommunity();
  const data = community.data;
  return (
    <div className="team-page">
      <QueryState query={community}>
        {data !== undefined && (
          <>
            <CardSection title={t('team.figures.title')} className="team-section" testId="team-figures">
              <TeamAreas figures={data.figures} />
              <TeamFigures figures={data.figures} testId="team" />
            </CardSection>
            <LevelProgress level={data.level_name} levelNumber={data.level} next={data.next_level} />
          </>
        )}
      </QueryState>
      <nav className="card team-section team-links" aria-label={t('team.links')}>
        <RowLink to={communityPaths.members('direct')} label={t('team.members.direct')} testId="team-direct-link" />
        <RowLink to={communityPaths.members('indirect')} label={t('team.members.indirect')} testId="team-indirect-link" />
        <RowLink to={communityPaths.invite()} label={t('titles.community/invite')} testId="team-invite-link" />
        <RowLink to={communityPaths.appearance()} label={t('titles.community/setInfo')} testId="team-appearance-link" />
      </nav>
      <LeaderArea leads={data?.leader === true} />
    </div>
  );
}
