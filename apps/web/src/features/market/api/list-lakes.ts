import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { marketRootKey } from './keys';

/** GET /api/lakes */
export const lakesQueryKey = [...marketRootKey, 'lakes'] as const;

export function listLakes(signal?: AbortSignal) {
  return callApi(marketApi.listLakes, { signal });
}

/** Prices move with every trade: pages that value holdings or show a lake stay current at this pace. */
export const LAKES_REFRESH_MS = 60_000;

export function lakesQueryOptions() {
  return queryOptions({ queryKey: lakesQueryKey, queryFn: ({ signal }) => listLakes(signal), refetchInterval: LAKES_REFRESH_MS });
}

export function useLakes() {
  return useQuery(lakesQueryOptions());
}

/** The lake that prices the coin in USDT; `data` is null while there is none. */
export function useMainLake() {
  return useQuery({ ...lakesQueryOptions(), select: (data) => data.list.find((lake) => lake.main) ?? null });
}
