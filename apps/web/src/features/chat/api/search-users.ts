import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/search?q= (chat/searchAdd): by uid, wallet address or nickname. */
export function searchQueryOptions(q: string) {
  return queryOptions({ queryKey: chatKeys.search(q), queryFn: ({ signal }) => callApi(chatApi.searchUsers, { query: { q }, signal }) });
}

export function useUserSearch(q: string) {
  const { token } = useSession();
  const term = q.trim();
  return useQuery({ ...searchQueryOptions(term), enabled: token !== null && term.length > 0, placeholderData: keepPreviousData });
}
