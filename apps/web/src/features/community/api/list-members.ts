import { useInfiniteQuery } from '@tanstack/react-query';
import { communityApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import type { Generation } from '../model/paths';
import { communityKeys } from './keys';

export const MEMBERS_PAGE_LIMIT = 20;

/**
 * My direct members (GET /api/user/spread/list) or my indirect ones (GET /api/user/subSpreadList, nearest generation
 * first), each with their own figures and my remark.
 */
export function useTeamMembers(generation: Generation) {
  const { token } = useSession();
  const endpoint = generation === 'direct' ? communityApi.spreadList : communityApi.subSpreadList;
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: communityKeys.members(generation),
      fetchPage: (page, signal) => callApi(endpoint, { query: { page, limit: MEMBERS_PAGE_LIMIT }, signal }),
    }),
    enabled: token !== null,
  });
}
