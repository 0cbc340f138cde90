import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { marketRootKey } from './keys';

/** GET /api/lake/:id — one lake with its recent trades. */
export function lakeQueryKey(id: number) {
  return [...marketRootKey, 'lake', id] as const;
}

export function getLake(id: number, signal?: AbortSignal) {
  return callApi(marketApi.getLake, { params: { id }, signal });
}

export function lakeQueryOptions(id: number) {
  return queryOptions({ queryKey: lakeQueryKey(id), queryFn: ({ signal }) => getLake(id, signal), refetchInterval: 30_000 });
}

/** Idle until the caller knows the lake's id. */
export function useLake(id: number | undefined) {
  return useQuery({ ...lakeQueryOptions(id ?? 0), enabled: id !== undefined });
}
