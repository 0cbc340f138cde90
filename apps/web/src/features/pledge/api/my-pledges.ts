import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pledgeApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { pledgeKeys } from './keys';

export const MY_PLEDGES_PAGE_LIMIT = 20;

/** GET /api/project/pledge/my — the caller's positions, newest first, with the interest paid and the principal back so far. */
export function useMyPledges() {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: pledgeKeys.mine,
      fetchPage: (page, signal) => callApi(pledgeApi.myPledges, { query: { page, limit: MY_PLEDGES_PAGE_LIMIT }, signal }),
    }),
    enabled: token !== null,
  });
}

/** GET /api/project/pledge/my/:id — one position's payments (product, day, rate) and its release schedule. */
export function useMyPledge(id: number, enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: pledgeKeys.position(id),
    queryFn: ({ signal }) => callApi(pledgeApi.pledgePositionDetails, { params: { id }, signal }),
    enabled: enabled && token !== null,
  });
}
