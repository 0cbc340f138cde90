import { useSearchParams } from 'react-router-dom';
import { GroupInfo, parseId } from '../../features/chat';
import { ChatSubPage, InvalidChatLink } from './chat-page';

/** pages/chat/groupInfoDetails?id=<group> — name, announcement, members and the owner's tools. */
export default function ChatGroupInfoRoute() {
  const id = parseId(useSearchParams()[0].get('id'));
  return (
    <ChatSubPage page="chat/groupInfoDetails">
      {(viewer) => (id === null ? <InvalidChatLink /> : <GroupInfo key={id} id={id} myUid={viewer.uid} />)}
    </ChatSubPage>
  );
}
