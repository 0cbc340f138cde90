import { useSearchParams } from 'react-router-dom';
import { parseId, ServiceDesk } from '../../features/chat';
import { ChatSubPage } from './chat-page';

/** pages/chat/myService — the user's desk conversation; for agents the inbox, or ?customer=<uid> to answer one. */
export default function ChatServiceRoute() {
  const customer = parseId(useSearchParams()[0].get('customer'));
  return (
    <ChatSubPage page="chat/myService">
      {(viewer) => <ServiceDesk key={customer ?? 0} myUid={viewer.uid} isAgent={viewer.serviceAgent} customer={customer} />}
    </ChatSubPage>
  );
}
