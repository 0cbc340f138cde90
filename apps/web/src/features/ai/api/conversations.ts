import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { aiApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const aiRootKey = ['ai'] as const;
export const aiConversationsKey = [...aiRootKey, 'conversations'] as const;
/** The history sheet shows the latest conversations; older ones stay on the server until deleted. */
export const AI_CONVERSATIONS_SHOWN = 50;

/** GET /api/ai/conversations — the user's conversations, most recently active first. */
export function listAiConversations(signal?: AbortSignal) {
  return callApi(aiApi.listConversations, { query: { page: 1, limit: AI_CONVERSATIONS_SHOWN }, signal });
}

export function aiConversationsQueryOptions() {
  return queryOptions({ queryKey: aiConversationsKey, queryFn: ({ signal }) => listAiConversations(signal) });
}

export function useAiConversations(enabled: boolean) {
  const { token } = useSession();
  return useQuery({ ...aiConversationsQueryOptions(), enabled: enabled && token !== null });
}

/** GET /api/ai/conversations/:id — one conversation with its messages, to continue it. */
export function getAiConversation(id: number, signal?: AbortSignal) {
  return callApi(aiApi.getConversation, { params: { id }, signal });
}

/** DELETE /api/ai/conversations/:id */
export function useDeleteAiConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(aiApi.deleteConversation, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiConversationsKey }),
  });
}
