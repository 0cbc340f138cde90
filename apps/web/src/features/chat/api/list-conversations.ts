import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/conversations — newest activity first; its total also refreshes the badge. */
export async function listConversations(queryClient: QueryClient, signal?: AbortSignal) {
  const data = await callApi(chatApi.listConversations, { signal });
  queryClient.setQueryData(chatKeys.unread, { total: data.total_unread });
  return data;
}

export function useConversations() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: chatKeys.conversations,
      queryFn: ({ signal }) => listConversations(queryClient, signal),
      enabled: token !== null,
    }),
  );
}
