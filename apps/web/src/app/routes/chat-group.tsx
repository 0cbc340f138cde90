import { useSearchParams } from 'react-router-dom';
import { GroupChat, parseId, useGroupChatTitle } from '../../features/chat';
import { ChatSubPage, InvalidChatLink } from './chat-page';

/** pages/chat/chatGroup?id=<group> — a group conversation. */
export default function ChatGroupRoute() {
  const id = parseId(useSearchParams()[0].get('id'));
  const title = useGroupChatTitle(id);
  return (
    <ChatSubPage page="chat/chatGroup" title={title}>
      {(viewer) => (id === null ? <InvalidChatLink /> : <GroupChat key={id} id={id} myUid={viewer.uid} />)}
    </ChatSubPage>
  );
}
