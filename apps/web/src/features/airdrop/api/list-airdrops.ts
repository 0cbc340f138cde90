import { queryOptions, useQuery } from '@tanstack/react-query';
import { airdropsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/airdrops — the campaigns open now, with the user's claimed / eligible flags. */
export const airdropsRootKey = ['airdrops'] as const;
export const airdropsQueryKey = [...airdropsRootKey, 'list'] as const;

export function listAirdrops(signal?: AbortSignal) {
  return callApi(airdropsApi.listAirdrops, { signal });
}

export function airdropsQueryOptions() {
  return queryOptions({ queryKey: airdropsQueryKey, queryFn: ({ signal }) => listAirdrops(signal) });
}

export function useAirdrops() {
  const { token } = useSession();
  return useQuery({ ...airdropsQueryOptions(), enabled: token !== null });
}
