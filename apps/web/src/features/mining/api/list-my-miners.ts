import { useInfiniteQuery } from '@tanstack/react-query';
import { miningApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { miningKeys } from './keys';

export const MY_MINERS_PAGE_LIMIT = 20;

/** GET /api/project/mining_machine/my — the caller's miners, newest first, with the income totals per output asset. */
export function listMyMiners(page: number, signal?: AbortSignal) {
  return callApi(miningApi.myMiners, { query: { page, limit: MY_MINERS_PAGE_LIMIT }, signal });
}

export function useMyMiners() {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({ queryKey: miningKeys.myMiners, fetchPage: (page, signal) => listMyMiners(page, signal) }),
    enabled: token !== null,
  });
}
