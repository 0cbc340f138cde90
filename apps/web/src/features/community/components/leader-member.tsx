import { QueryState } from '../../../components/ui/query-state';
import { FeeBox } from '../../../components/ui/fee-box';
import { useTranslation } from '../../../i18n';
import { useLeaderUser } from '../api/leader';
import { MemberSummary } from './member-summary';
import { TeamFigures } from './team-figures';
import './community.css';

/** One member of the leader's team: who they are, their contact line, referrer and figures (outside the team: refused). */
export function LeaderMember({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const member = useLeaderUser(uid);
  if (uid === 0) return <p className="empty-state">{t('team.leader.noMember')}</p>;
  return (
    <QueryState query={member}>
      {member.data !== undefined && (
        <section className="card team-section" data-testid="leader-member-details" data-uid={member.data.uid}>
          <MemberSummary member={member.data}>
            <FeeBox
              rows={[
                {
                  label: t('team.contact.label'),
                  value: member.data.contact ?? t('team.contact.none'),
                  testId: 'leader-member-contact',
                },
                {
                  label: t('team.member.referrer'),
                  value: member.data.referrer_uid === null ? '—' : t('team.member.uid', { uid: member.data.referrer_uid }),
                  testId: 'leader-member-referrer',
                },
                { label: t('team.remark.label'), value: member.data.remark ?? t('team.remark.none'), testId: 'leader-member-remark' },
              ]}
            />
            <TeamFigures figures={member.data.figures} testId="leader-member-figures" />
          </MemberSummary>
        </section>
      )}
    </QueryState>
  );
}
