import { FriendRequests } from '../../features/chat';
import { ChatSubPage } from './chat-page';

/** pages/chat/addList — friend requests received and sent. */
export default function ChatRequestsRoute() {
  return <ChatSubPage page="chat/addList">{() => <FriendRequests />}</ChatSubPage>;
}
