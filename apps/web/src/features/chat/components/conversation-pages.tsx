import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useFriend } from '../api/friends';
import { useGroup } from '../api/groups';
import { useUserSearch } from '../api/search-users';
import { Composer } from './composer';
import { ConversationView } from './conversation-view';
import { peerName } from './list-state';
import './chat.css';

function ConversationHeader({ title, infoLink, infoTestId }: { title: string; infoLink?: string; infoTestId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="card chat-head" data-testid="chat-header">
      <h2 className="chat-row__title" data-testid="chat-title">
        {title}
      </h2>
      {infoLink !== undefined && (
        <Link className="chip-button" to={infoLink} data-testid={infoTestId}>
          {t('chat.info')}
        </Link>
      )}
    </div>
  );
}

/** chat/chat: a direct conversation with a friend, under their name (remark, else nickname, else masked address). */
export function DirectChat({ uid, myUid }: { uid: number; myUid: number }) {
  const friend = useFriend(uid);
  // The server refuses both the friend card and the history of someone who is not (or no longer) a friend.
  if (friend.error instanceof ApiError && friend.error.code === 'NOT_FRIENDS') return <NotFriendChat uid={uid} />;
  const title = friend.data ? friend.data.remark || peerName(friend.data) : `UID ${uid}`;
  return (
    <>
      <ConversationHeader title={title} infoLink={`${pagePath('chat/chatInfoDetails')}?uid=${uid}`} infoTestId="chat-info-link" />
      <ConversationView conversation={{ type: 'user', id: uid }} myUid={myUid} />
    </>
  );
}

/**
 * A chat link to someone who is not a friend: says why there is no conversation, offers the friend request
 * (or its state), and shows the composer disabled, since the server would refuse every send.
 */
function NotFriendChat({ uid }: { uid: number }) {
  const { t } = useTranslation();
  // The search by uid is the one public view of another user: their name and any request between us.
  const search = useUserSearch(String(uid));
  const person = search.data?.list.find((user) => user.uid === uid);
  const name = person ? peerName(person) : `UID ${uid}`;
  let action;
  if (search.isSuccess && !person) action = null;
  else if (person?.pending_request === 'outgoing')
    action = (
      <span className="chat-state" data-testid="chat-not-friends-pending">
        {t('chat.requestState.sent')}
      </span>
    );
  else if (person?.pending_request === 'incoming')
    action = (
      <Link className="chip-button" to={pagePath('chat/addList')} data-testid="chat-not-friends-answer">
        {t('chat.answerRequest')}
      </Link>
    );
  else
    action = (
      <Link className="btn btn--primary" to={`${pagePath('chat/addFri')}?uid=${uid}`} data-testid="chat-add-friend">
        <span className="btn__label">{t('chat.addFriend')}</span>
      </Link>
    );
  return (
    <>
      <ConversationHeader title={name} />
      <div className="chat-view" data-testid="chat-view">
        <div className="card inline-error chat-not-friends" data-testid="chat-not-friends">
          <p>{search.isSuccess && !person ? t('chat.noUsers') : t('chat.notFriends', { name })}</p>
          {action}
        </div>
        <Composer disabled onText={() => false} onEmoji={() => undefined} onImage={() => undefined} />
      </div>
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
