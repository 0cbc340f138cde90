import type { QueryClient } from '@tanstack/react-query';
import { chatApi, type ConversationRef } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { applyReadMark } from '../model/message-cache';
import { patchConversationList } from '../model/patch-conversation-list';
import { chatKeys } from './keys';

/**
 * POST /api/chat/read — over HTTP rather than the socket's `read` frame because the answer carries the
 * counts the badges need at once.
 */
export async function markRead(queryClient: QueryClient, conversation: ConversationRef, lastId: number) {
  const result = await callApi(chatApi.markRead, { body: { conversation, last_id: lastId }, quiet: true });
  queryClient.setQueryData(chatKeys.unread, { total: result.total_unread });
  patchConversationList(queryClient, (data) => applyReadMark(data, conversation, result.unread, result.total_unread));
  return result;
}
