import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { communityApi } from '@reef/contract';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyListState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { Avatar } from '../../../components/ui/user-badge';
import { useTranslation } from '../../../i18n';
import { useLeaderInfo, useLeaderUsers } from '../api/leader';
import { communityPaths } from '../model/paths';
import { MemberSummary } from './member-summary';
import { memberRows } from './team-members';
import { TeamFigures } from './team-figures';
import { CardSection } from '../../../components/ui/card-section';
import './community.css';

type LeaderInfo = NonNullable<ReturnType<typeof useLeaderInfo>['data']>;

/** The leader's own card: how they appear, their figures and how many members hold each level. */
export function LeaderSummary({ info }: { info: LeaderInfo }) {
  const { t } = useTranslation();
  return (
    <CardSection title={t('team.leader.title')} className="team-section" testId="leader-info">
      <div className="team-member__head">
        <Avatar src={info.avatar} uid={info.uid} size={40} />
        <div className="team-member__who">
          <span className="team-member__name">{info.nickname}</span>
          <span className="team-member__meta">{info.level_name}</span>
          <span className="team-member__meta" data-testid="leader-contact">
            {info.contact === null ? t('team.contact.none') : t('team.contact.shown', { contact: info.contact })}
          </span>
        </div>
      </div>
      <TeamFigures figures={info.figures} testId="leader-figures" />
      {info.members_by_level.length > 0 && (
        <>
          <h3 className="team-subtitle">{t('team.leader.byLevel')}</h3>
          <ul className="team-levels" data-testid="leader-levels">
            {info.members_by_level.map((row) => (
              <li key={row.level}>
                <span>{row.name}</span> <span className="figure">{row.count}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link className="row-link" to={communityPaths.split()} data-testid="leader-split-link">
        <span>{t('titles.community/set')}</span>
        <span aria-hidden="true">›</span>
      </Link>
    </CardSection>
  );
}

function LeaderMemberRow({ member }: { member: communityApi.LeaderMember }) {
  const { t } = useTranslation();
  return (
    <li className="card" data-testid="leader-member" data-uid={member.uid}>
      <MemberSummary member={member}>
        <TeamFigures figures={member.figures} testId={`leader-member-${member.uid}`} compact />
        <Link className="row-link" to={communityPaths.leaderMember(member.uid)} data-testid={`leader-member-${member.uid}-open`}>
          <span>{t('team.leader.open')}</span>
          <span aria-hidden="true">›</span>
        </Link>
      </MemberSummary>
    </li>
  );
}

/** The leader's page: their summary, the order-split settings link and their whole team, nearest first. */
export function LeaderTeam() {
  const { t } = useTranslation();
  const info = useLeaderInfo();
  const users = useLeaderUsers();
  const list = useMemo(() => memberRows(users.data?.pages), [users.data]);
  return (
    <div className="team-page">
      <QueryState query={info}>
        {info.data === null ? (
          <p className="empty-state" data-testid="leader-not-leader">
            {t('team.leader.notLeader')}
          </p>
        ) : (
          info.data !== undefined && (
            <>
              <LeaderSummary info={info.data} />
              <h2 className="team-subtitle team-page__heading">{t('team.leader.members')}</h2>
              <PagedList
                query={users}
                list={list}
                renderRow={(member) => <LeaderMemberRow member={member} />}
                empty={<EmptyListState strings="team.emptyState" to={communityPaths.invite()} testId="leader-members-empty" />}
                testId="leader-members-more"
              />
            </>
          )
        )}
      </QueryState>
    </div>
  );
}
