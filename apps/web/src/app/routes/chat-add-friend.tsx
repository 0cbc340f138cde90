import { useSearchParams } from 'react-router-dom';
import { AddFriendForm, parseId } from '../../features/chat';
import { ChatSubPage, InvalidChatLink } from './chat-page';

/** pages/chat/addFri?uid=<user> — a friend request with a note. */
export default function ChatAddFriendRoute() {
  const uid = parseId(useSearchParams()[0].get('uid'));
  return <ChatSubPage page="chat/addFri">{() => (uid === null ? <InvalidChatLink /> : <AddFriendForm key={uid} uid={uid} />)}</ChatSubPage>;
}
