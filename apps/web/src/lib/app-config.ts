import { queryOptions, useQuery } from '@tanstack/react-query';
import { configApi } from '@reef/contract';
import { callApi } from './api-client';

/**
 * GET /api/config — public settings (asset symbols, fee rates) that every area reads, so it is
 * shared here rather than owned by one feature.
 */
export const appConfigQueryKey = ['config'] as const;

export function getAppConfig(signal?: AbortSignal) {
  return callApi(configApi.getConfig, { signal });
}

export function appConfigQueryOptions() {
  return queryOptions({ queryKey: appConfigQueryKey, queryFn: ({ signal }) => getAppConfig(signal), staleTime: 5 * 60_000 });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
