import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../api/keys';
import type { ConversationList } from './message-cache';
import { patchCachedQuery } from './patch-query-cache';

/**
 * Writes a local change (a new message, a read mark, a pushed unread total) into the cached conversation list
 * through `patchCachedQuery`: a list invalidated because it lacks a conversation (a friend just accepted, a first
 * message) stays owed its refetch instead of counting as current for 30 s (issue 10), and a list being refetched
 * is refetched once more, since the answer in flight may predate the change.
 */
export function patchConversationList(queryClient: QueryClient, update: (data: ConversationList) => ConversationList): void {
  patchCachedQuery(queryClient, chatKeys.conversations, update);
}
