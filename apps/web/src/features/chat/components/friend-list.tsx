import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { pagePath } from '../../../lib/pages';
import { useFriends } from '../api/friends';
import { PersonAvatar, ChatListCard, ChatRowText, peerName } from './list-state';
import './chat.css';

/** chat/myFriList: friends by remark or nickname, each opening its card. */
export function FriendList() {
  const { t } = useTranslation();
  const friends = useFriends();
  const list = friends.data?.list ?? [];
  return (
    <ChatListCard query={friends} empty={list.length === 0} emptyText={t('chat.noFriends')} emptyTestId="friends-empty" testId="friend-list">
      {list.map((friend) => {
        const name = friend.remark || peerName(friend);
        return (
          <li key={friend.uid}>
            <Link className="chat-row" to={`${pagePath('chat/friCard')}?uid=${friend.uid}`} data-testid="friend-row" data-uid={friend.uid}>
              <PersonAvatar person={friend} />
              <ChatRowText title={name}>
                <span>UID {friend.uid}</span>
                <span>{friend.address}</span>
              </ChatRowText>
            </Link>
          </li>
        );
      })}
    </ChatListCard>
  );
}
