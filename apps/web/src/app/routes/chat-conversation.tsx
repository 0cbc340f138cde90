import { useSearchParams } from 'react-router-dom';
import { DirectChat, parseId, useDirectChatTitle } from '../../features/chat';
import { ChatSubPage, InvalidChatLink } from './chat-page';

/** pages/chat/chat?uid=<friend> — a direct conversation. */
export default function ChatConversationRoute() {
  const uid = parseId(useSearchParams()[0].get('uid'));
  const title = useDirectChatTitle(uid);
  return (
    <ChatSubPage page="chat/chat" title={title}>
      {(viewer) => (uid === null ? <InvalidChatLink /> : <DirectChat key={uid} uid={uid} myUid={viewer.uid} />)}
    </ChatSubPage>
  );
}
