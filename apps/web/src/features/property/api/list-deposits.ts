import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { depositsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { nextPageParam } from '../model/paged-list';
import { depositPollInterval } from '../model/poll-interval';

export const DEPOSIT_PAGE_LIMIT = 20;

/** GET /api/finance/recharges — the user's deposits, newest first. */
export const depositsRootKey = ['finance', 'deposits'] as const;

export function listDeposits(page: number, signal?: AbortSignal) {
  return callApi(depositsApi.listDeposits, { query: { page, limit: DEPOSIT_PAGE_LIMIT }, signal });
}

export function depositsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: depositsRootKey,
    queryFn: ({ pageParam, signal }) => listDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    refetchInterval: (query) => depositPollInterval(query.state.data?.pages.flatMap((page) => page.list.map((row) => row.status)) ?? []),
  });
}

export function useDeposits() {
  const { token } = useSession();
  return useInfiniteQuery({ ...depositsQueryOptions(), enabled: token !== null });
}
