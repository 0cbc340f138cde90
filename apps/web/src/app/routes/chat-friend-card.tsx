import { useSearchParams } from 'react-router-dom';
import { FriendCard, parseId } from '../../features/chat';
import { ChatSubPage, InvalidChatLink } from './chat-page';

/** pages/chat/friCard?uid=<friend> — the friend's card with remark and "send message". */
export default function ChatFriendCardRoute() {
  const uid = parseId(useSearchParams()[0].get('uid'));
  return <ChatSubPage page="chat/friCard">{() => (uid === null ? <InvalidChatLink /> : <FriendCard key={uid} uid={uid} />)}</ChatSubPage>;
}
