import { FriendList } from '../../features/chat';
import { ChatSubPage } from './chat-page';

/** pages/chat/myFriList — the friend list. */
export default function ChatFriendsRoute() {
  return <ChatSubPage page="chat/myFriList">{() => <FriendList />}</ChatSubPage>;
}
