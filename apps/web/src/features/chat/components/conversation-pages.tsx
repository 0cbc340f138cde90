import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useSession } from '../../../lib/session';
import { friendQueryOptions, useFriend } from '../api/friends';
import { groupQueryOptions, useGroup } from '../api/groups';
import { useUserSearch } from '../api/search-users';
import { Composer } from './composer';
import { ConversationView } from './conversation-view';
import { GroupAvatar, PersonAvatar, peerName } from './list-state';
import './chat.css';

/**
 * The page title of a direct chat (the top bar names the person, not "Chat"): the friend's remark, else nickname,
 * else masked address; undefined until the friend card is known (or when they are no friend).
 */
export function useDirectChatTitle(uid: number | null): string | undefined {
  const { token } = useSession();
  const friend = useQuery({ ...friendQueryOptions(uid ?? 0), enabled: token !== null && uid !== null });
  return friend.data ? friend.data.remark || peerName(friend.data) : undefined;
}

/** The page title of a group chat: the group's name, once known. */
export function useGroupChatTitle(id: number | null): string | undefined {
  const { token } = useSession();
  const group = useQuery({ ...groupQueryOptions(id ?? 0), enabled: token !== null && id !== null });
  return group.data?.name;
}

interface ConversationHeaderProps {
  avatar: ReactNode;
  title: string;
  /** A second line: uid and masked address, or the member count. */
  details?: string;
  infoLink?: string;
  infoTestId?: string;
}

function ConversationHeader({ avatar, title, details, infoLink, infoTestId }: ConversationHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="card chat-head" data-testid="chat-header">
      <div className="chat-head__who">
        {avatar}
        <div className="chat-row__main">
          <h2 className="chat-row__title" data-testid="chat-title">
            {title}
          </h2>
          {details && (
            <span className="chat-row__sub" data-testid="chat-header-details">
              {details}
            </span>
          )}
        </div>
      </div>
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
  const details = friend.data ? `UID ${uid} · ${friend.data.address}` : undefined;
  return (
    <>
      <ConversationHeader
        avatar={<PersonAvatar person={{ uid, avatar: friend.data?.avatar ?? null }} />}
        title={title}
        details={details}
        infoLink={`${pagePath('chat/chatInfoDetails')}?uid=${uid}`}
        infoTestId="chat-info-link"
      />
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
      <ConversationHeader avatar={<PersonAvatar person={{ uid, avatar: person?.avatar ?? null }} />} title={name} />
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
      <ConversationHeader
        avatar={<GroupAvatar name={group.data?.name ?? ''} />}
        title={group.data?.name ?? ''}
        details={group.data ? t('chat.memberCount', { count: group.data.member_count }) : undefined}
        infoLink={`${pagePath('chat/groupInfoDetails')}?id=${id}`}
        infoTestId="group-info-link"
      />
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
