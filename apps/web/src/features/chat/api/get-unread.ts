import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatUnreadApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/unread — the total behind the tab bar and Mine badges; socket `unread` frames keep it current. */
export function getUnread(signal?: AbortSignal) {
  return callApi(chatUnreadApi.getUnread, { signal, quiet: true });
}

export function unreadQueryOptions() {
  return queryOptions({ queryKey: chatKeys.unread, queryFn: ({ signal }) => getUnread(signal) });
}

export function useUnreadTotal(): number {
  const { token } = useSession();
  const query = useQuery({ ...unreadQueryOptions(), enabled: token !== null });
  return token === null ? 0 : (query.data?.total ?? 0);
}
