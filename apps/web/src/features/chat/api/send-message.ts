import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, SendMessageBody } from '@reef/contract';
import { startChatSocket } from '../socket';
import { mergeMessages } from '../model/merge-messages';

/**
 * Sends over the socket (to_chat, resolved by its ack) or, when that cannot answer, POST
 * /api/chat/messages with the same client id; the stored message goes into the caches.
 */
export async function sendChatMessage(queryClient: QueryClient, body: SendMessageBody): Promise<ChatMessage> {
  const message = await startChatSocket().sendMessage(body);
  mergeMessages(queryClient, [message], startChatSocket().getUid());
  return message;
}
