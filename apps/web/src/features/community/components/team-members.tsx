import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { communityApi } from '@reef/contract';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyListState } from '../../../components/ui/empty-state';
import { Tabs } from '../../../components/ui/tabs';
import { useTranslation } from '../../../i18n';
import { uniqueRows, type Page } from '../../../lib/paged-list';
import { useTeamMembers } from '../api/list-members';
import { communityPaths, GENERATIONS, type Generation } from '../model/paths';
import { MemberSummary } from './member-summary';
import { RemarkSheet } from './remark-form';
import { TeamFigures } from './team-figures';
import './community.css';

/** The loaded pages' members, each once, keyed by uid (the list's row id). */
export function memberRows<T extends { uid: number }>(pages: readonly Page<T>[] | undefined): (T & { id: number })[] | undefined {
  return pages === undefined ? undefined : uniqueRows(pages.map((page) => ({ ...page, list: page.list.map((member) => ({ ...member, id: member.uid })) })));
}

function MemberRow({ member, onRemark }: { member: communityApi.TeamMember; onRemark: (member: communityApi.TeamMember) => void }) {
  const { t } = useTranslation();
  const testId = `member-${member.uid}`;
  return (
    <li className="card" data-testid="team-member" data-uid={member.uid}>
      <MemberSummary member={member}>
        <TeamFigures figures={member.figures} testId={testId} compact />
        <div className="team-member__remark">
          <p className={member.remark === null ? 'muted' : undefined} data-testid={`${testId}-remark`}>
            {member.remark === null ? t('team.remark.none') : t('team.remark.shown', { remark: member.remark })}
          </p>
          <button type="button" className="chip-button" onClick={() => onRemark(member)} data-testid={`${testId}-edit-remark`}>
            {t('team.remark.edit')}
          </button>
        </div>
      </MemberSummary>
    </li>
  );
}

/** The team lists: my direct members or the members further down, each with their figures and my remark. */
export function TeamMembers({ generation }: { generation: Generation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const members = useTeamMembers(generation);
  const list = useMemo(() => memberRows(members.data?.pages), [members.data]);
  const [editing, setEditing] = useState<communityApi.TeamMember | null>(null);
  return (
    <div className="team-page">
      <Tabs
        label={t('team.members.title')}
        className="team-tabs"
        tabs={GENERATIONS.map((id) => ({ id, label: t(`team.members.${id}`), testId: `members-tab-${id}` }))}
        selected={generation}
        onSelect={(id) => navigate(communityPaths.members(id), { replace: true })}
      />
      <PagedList
        query={members}
        list={list}
        renderRow={(member) => <MemberRow member={member} onRemark={setEditing} />}
        empty={<EmptyListState strings="team.emptyState" to={communityPaths.invite()} testId="members-empty" />}
        testId="members-more"
      />
      {editing !== null && <RemarkSheet member={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
