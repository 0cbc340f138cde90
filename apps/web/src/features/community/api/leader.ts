import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { communityApi } from '@reef/contract';
import { ApiError, callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { communityKeys } from './keys';

export const LEADER_USERS_PAGE_LIMIT = 20;

/**
 * POST /api/leader/info — the leader's settings and team summary; null when the caller does not lead (NOT_LEADER).
 * community/index asks only when GET /api/project/community says the user leads (`enabled`), so a member's page
 * load sends no call the server must refuse; the leader's own pages ask always.
 */
export function useLeaderInfo(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.leader,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(communityApi.leaderInfo, { body: {}, signal });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_LEADER') return null;
        throw error;
      }
    },
    enabled: token !== null && enabled,
  });
}

/** GET /api/leader/users — the leader's whole team, nearest first, each with their figures and contact line. */
export function useLeaderUsers() {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: communityKeys.leaderUsers,
      fetchPage: (page, signal) => callApi(communityApi.leaderUsers, { query: { page, limit: LEADER_USERS_PAGE_LIMIT }, signal }),
    }),
    enabled: token !== null,
  });
}

/** GET /api/leader/user/{uid} — one member of the leader's team (outside it: NOT_IN_TEAM). */
export function useLeaderUser(uid: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.leaderUser(uid),
    queryFn: ({ signal }) => callApi(communityApi.leaderUser, { params: { uid }, signal }),
    enabled: token !== null && uid > 0,
  });
}
