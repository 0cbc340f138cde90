import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { nextPageParam } from '../model/paged-list';
import { withdrawalPollInterval } from '../model/poll-interval';

export const WITHDRAWAL_PAGE_LIMIT = 20;

/** GET /api/finance/withdrawals — the user's withdrawals, newest first. */
export const withdrawalsRootKey = ['finance', 'withdrawals'] as const;

export function listWithdrawals(page: number, signal?: AbortSignal) {
  return callApi(withdrawalsApi.listWithdrawals, { query: { page, limit: WITHDRAWAL_PAGE_LIMIT }, signal });
}

export function withdrawalsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: withdrawalsRootKey,
    queryFn: ({ pageParam, signal }) => listWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    refetchInterval: (query) => withdrawalPollInterval(query.state.data?.pages.flatMap((page) => page.list.map((row) => row.status)) ?? []),
  });
}

export function useWithdrawals() {
  const { token } = useSession();
  return useInfiniteQuery({ ...withdrawalsQueryOptions(), enabled: token !== null });
}
