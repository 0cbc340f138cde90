import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/user/info */
export const userInfoQueryKey = ['user', 'info'] as const;

export function getUserInfo(signal?: AbortSignal) {
  return callApi(usersApi.getUserInfo, { signal });
}

export function userInfoQueryOptions() {
  return queryOptions({ queryKey: userInfoQueryKey, queryFn: ({ signal }) => getUserInfo(signal) });
}

/** The signed-in user's profile and balances; idle for a visitor. */
export function useUserInfo() {
  const { token } = useSession();
  return useQuery({ ...userInfoQueryOptions(), enabled: token !== null });
}
