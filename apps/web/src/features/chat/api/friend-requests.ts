import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/friend-requests (chat/addList): received and sent, newest first. */
export function friendRequestsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.requests, queryFn: ({ signal }) => callApi(chatApi.listFriendRequests, { signal }) });
}

export function useFriendRequests() {
  const { token } = useSession();
  return useQuery({ ...friendRequestsQueryOptions(), enabled: token !== null });
}

/** Incoming requests still waiting for an answer: the badge on "New friends". */
export function usePendingIncomingCount(): number {
  const requests = useFriendRequests();
  return requests.data?.incoming.filter((r) => r.state === 'sent').length ?? 0;
}

/** POST /api/chat/friend-requests (chat/addFri). */
export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uid: number; note: string }) => callApi(chatApi.sendFriendRequest, { body: input }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.requests });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'search'] });
    },
  });
}

/** POST /api/chat/friend-requests/:id/accept | reject. */
export function useAnswerFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      callApi(accept ? chatApi.acceptFriendRequest : chatApi.rejectFriendRequest, { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.requests });
      void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
