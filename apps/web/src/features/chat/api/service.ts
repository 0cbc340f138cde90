import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/service (chat/myService): the user's own conversation with the desk. */
export function myServiceQueryOptions() {
  return queryOptions({ queryKey: chatKeys.myService, queryFn: ({ signal }) => callApi(chatApi.getMyService, { signal }) });
}

export function useMyService() {
  const { token } = useSession();
  return useQuery({ ...myServiceQueryOptions(), enabled: token !== null });
}

/** GET /api/chat/service/inbox — agents only (user info's `service_agent`). */
export function inboxQueryOptions() {
  return queryOptions({ queryKey: chatKeys.inbox, queryFn: ({ signal }) => callApi(chatApi.serviceInbox, { signal }) });
}

export function useServiceInbox(isAgent: boolean) {
  const { token } = useSession();
  return useQuery({ ...inboxQueryOptions(), enabled: token !== null && isAgent });
}

/** POST /api/chat/service/:uid/claim | close. */
export function useServiceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, action }: { uid: number; action: 'claim' | 'close' }) =>
      callApi(action === 'claim' ? chatApi.claimService : chatApi.closeService, { params: { uid } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: chatKeys.service }),
  });
}
