import type { ReactNode } from 'react';
import type { communityApi } from '@reef/contract';
import { Avatar } from '../../../components/ui/user-badge';
import { useTranslation } from '../../../i18n';
import { useDateFormat } from '../../../lib/use-date-format';

/** Who a team member is: picture, nickname, uid, level, generation and when they joined; `children` after the head. */
export function MemberSummary({ member, children }: { member: communityApi.TeamMember; children?: ReactNode }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <div className="team-member">
      <div className="team-member__head">
        <Avatar src={member.avatar} uid={member.uid} size={40} />
        <div className="team-member__who">
          <span className="team-member__name">{member.nickname}</span>
          <span className="team-member__meta">
            {t('team.member.uid', { uid: member.uid })} · {member.level_name} · {t('team.member.generation', { depth: member.depth })}
          </span>
          <span className="team-member__meta">{t('team.member.joined', { date: dates.format(new Date(member.joined_at)) })}</span>
        </div>
      </div>
      {children}
    </div>
  );
}
