import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pagePath } from '../../../lib/pages';
import { useFriend } from '../api/friends';
import { useGroup } from '../api/groups';
import { ConversationView } from './conversation-view';
import { peerName } from './list-state';
import './chat.css';

function ConversationHeader({ title, infoLink, infoTestId }: { title: string; infoLink: string; infoTestId: string }) {
  const { t } = useTranslation();
  return (
    <div className="card chat-head" data-testid="chat-header">
      <h2 className="chat-row__title" data-testid="chat-title">
        {title}
      </h2>
      <Link className="chip-button" to={infoLink} data-testid={infoTestId}>
        {t('chat.info')}
      </Link>
    </div>
  );
}

/** chat/chat: a direct conversation with a friend. */
export function DirectChat({ uid, myUid }: { uid: number; myUid: number }) {
  const friend = useFriend(uid);
  const title = friend.data ? friend.data.remark || peerName(friend.data) : `UID ${uid}`;
  return (
    <>
      <ConversationHeader title={title} infoLink={`${pagePath('chat/chatInfoDetails')}?uid=${uid}`} infoTestId="chat-info-link" />
      <ConversationView conversation={{ type: 'user', id: uid }} myUid={myUid} />
    </>
  );
}

/** chat/chatGroup: a group conversation, with sender names; members only. */
export function GroupChat({ id, myUid }: { id: number; myUid: number }) {
  const { t } = useTranslation();
  const group = useGroup(id);
  const members = group.data?.members;
  const nicknames = useMemo(() => new Map((members ?? []).map((m) => [m.uid, m.group_nickname])), [members]);
  if (group.isError) {
    return (
      <div className="card inline-error" data-testid="group-unavailable">
        <p>{t('chat.groupUnavailable')}</p>
        <Link className="chip-button" to={pagePath('chat/groupList')}>
          {t('titles.chat/groupList')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ConversationHeader title={group.data?.name ?? ''} infoLink={`${pagePath('chat/groupInfoDetails')}?id=${id}`} infoTestId="group-info-link" />
      {group.data && (
        <p className="muted" data-testid="group-announcement-banner">
          📣 {group.data.announcement}
        </p>
      )}
      <ConversationView
        conversation={{ type: 'group', id }}
        myUid={myUid}
        showSenders
        nameOf={(m) => (m.from.uid === null ? null : nicknames.get(m.from.uid) || null)}
      />
    </>
  );
}
