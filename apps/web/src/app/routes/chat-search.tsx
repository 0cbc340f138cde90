import { UserSearch } from '../../features/chat';
import { ChatSubPage } from './chat-page';

/** pages/chat/searchAdd — find users by uid, address or nickname. */
export default function ChatSearchRoute() {
  return <ChatSubPage page="chat/searchAdd">{(viewer) => <UserSearch myUid={viewer.uid} />}</ChatSubPage>;
}
