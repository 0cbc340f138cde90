import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { chatApi, type ConversationRef } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

export const HISTORY_PAGE_LIMIT = 30;

/** GET /api/chat/messages — newest first; "load older" asks `before` the oldest loaded id. */
export function listMessages(ref: ConversationRef, before: number | undefined, signal?: AbortSignal) {
  return callApi(chatApi.listMessages, { query: { type: ref.type, id: ref.id, before, limit: HISTORY_PAGE_LIMIT }, signal });
}

export function messagesQueryOptions(ref: ConversationRef) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(ref),
    queryFn: ({ pageParam, signal }) => listMessages(ref, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.list.at(-1)?.id : undefined),
  });
}

export function useMessages(ref: ConversationRef) {
  const { token } = useSession();
  return useInfiniteQuery({ ...messagesQueryOptions(ref), enabled: token !== null });
}
