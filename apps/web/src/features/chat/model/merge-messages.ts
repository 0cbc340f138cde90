import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@reef/contract';
import { chatKeys } from '../api/keys';
import { applyToConversations, insertIntoHistory, type HistoryData } from './message-cache';
import { openConversation } from './open-conversation';
import { patchConversationList } from './patch-conversation-list';
import { patchCachedQuery } from './patch-query-cache';

/**
 * Puts stored messages (from a socket frame, an ack, an HTTP send or a catch-up page) into the caches:
 * each conversation's history once by id, and the conversation list. A conversation the list does not
 * know yet makes it refetch.
 */
export function mergeMessages(queryClient: QueryClient, messages: readonly ChatMessage[], myUid: number | null): void {
  if (messages.length === 0) return;
  const byConversation = new Map<string, ChatMessage[]>();
  for (const message of messages) {
    const key = `${message.conversation.type}:${message.conversation.id}`;
    const list = byConversation.get(key);
    if (list) list.push(message);
    else byConversation.set(key, [message]);
  }
  for (const list of byConversation.values()) {
    patchCachedQuery<HistoryData>(queryClient, chatKeys.messages(list[0]!.conversation), (data) => insertIntoHistory(data, list));
  }

  let unknownConversation = false;
  patchConversationList(queryClient, (conversations) => {
    let next = conversations;
    for (const message of [...messages].sort((a, b) => a.id - b.id)) {
      const applied = applyToConversations(next, message, { myUid, openConversation: openConversation() });
      if (applied === null) unknownConversation = true;
      else next = applied;
    }
    return next;
  });
  if (unknownConversation) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
  if (messages.some((m) => m.conversation.type === 'service')) void queryClient.invalidateQueries({ queryKey: chatKeys.service });
}
