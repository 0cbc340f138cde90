import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../api/keys';
import type { ConversationList } from './message-cache';

/**
 * Writes a local change (a new message, a read mark, a pushed unread total) into the cached conversation
 * list without passing it off as a fresh fetch. A plain setQueryData both clears an invalidation and
 * restarts the list's staleTime: a list invalidated because it lacks a conversation (a friend just
 * accepted, a first message) would then count as current, and the Messages page would show the old
 * (even empty) list for 30 s instead of refetching (issue 10). So a list that owes a refetch is left as
 * it is — the server's answer carries the change anyway — and a current one keeps its own fetch time.
 */
export function patchConversationList(queryClient: QueryClient, update: (data: ConversationList) => ConversationList): void {
  const state = queryClient.getQueryState<ConversationList>(chatKeys.conversations);
  if (state === undefined || state.data === undefined || state.isInvalidated) return;
  const next = update(state.data);
  if (next === state.data) return;
  queryClient.setQueryData<ConversationList>(chatKeys.conversations, next, { updatedAt: state.dataUpdatedAt });
}
