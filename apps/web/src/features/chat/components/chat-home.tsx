import { ChatEntries } from './chat-entries';
import { ConversationList } from './conversation-list';

/** chat/index "Messages": the shortcuts and the conversation list. */
export function ChatHome({ myUid }: { myUid: number }) {
  return (
    <>
      <ChatEntries />
      <ConversationList myUid={myUid} />
    </>
  );
}
