import { useSearchParams } from 'react-router-dom';
import { FriendCard, parseId } from '../../features/chat';
import { ChatSubPage, InvalidChatLink } from './chat-page';

/** pages/chat/chatInfoDetails?uid=<friend> — the conversation's info: the peer's card, remark, delete friend. */
export default function ChatInfoRoute() {
  const uid = parseId(useSearchParams()[0].get('uid'));
  return <ChatSubPage page="chat/chatInfoDetails">{() => (uid === null ? <InvalidChatLink /> : <FriendCard key={uid} uid={uid} allowDelete />)}</ChatSubPage>;
}
