import { queryOptions, useQuery } from '@tanstack/react-query';
import { configApi } from '@reef/contract';
import { callApi } from './api-client';

declare const __REEF_BUILD_ID__: string | undefined;

/** This build's id, set by vite.config.ts (decision 077); 'dev' where no build defined it (tests). */
export const BUILD_ID: string = typeof __REEF_BUILD_ID__ === 'string' ? __REEF_BUILD_ID__ : 'dev';

/** Build ids are UTC timestamps (20261127T1830), so text order is time order; a dev build is never out of date. */
export function isUpdateAvailable(buildId: string, minClientBuild: string): boolean {
  return buildId !== 'dev' && buildId < minClientBuild;
}

/** GET /api/version */
export function appVersionQueryOptions() {
  return queryOptions({
    queryKey: ['version'] as const,
    queryFn: ({ signal }) => callApi(configApi.getVersion, { signal, quiet: true }),
    staleTime: 30 * 60_000,
  });
}

/** True once the server says this build is older than the oldest it supports. */
export function useUpdateAvailable(): boolean {
  const version = useQuery(appVersionQueryOptions());
  return version.data !== undefined && isUpdateAvailable(BUILD_ID, version.data.min_client_build);
}
