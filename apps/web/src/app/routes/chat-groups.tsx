import { GroupList } from '../../features/chat';
import { ChatSubPage } from './chat-page';

/** pages/chat/groupList — the user's groups and creating one. */
export default function ChatGroupsRoute() {
  return <ChatSubPage page="chat/groupList">{() => <GroupList />}</ChatSubPage>;
}
