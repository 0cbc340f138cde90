import { useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalsApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { pagedQueryOptions } from '../../../../lib/paged-list';
import { withdrawalPollInterval } from '../../shared/model/poll-interval';

export const WITHDRAWAL_PAGE_LIMIT = 20;

/** GET /api/finance/withdrawals — the user's withdrawals, newest first. */
export const withdrawalsRootKey = ['finance', 'withdrawals'] as const;

export function listWithdrawals(page: number, signal?: AbortSignal) {
  return callApi(withdrawalsApi.listWithdrawals, { query: { page, limit: WITHDRAWAL_PAGE_LIMIT }, signal });
}

export function withdrawalsQueryOptions() {
  return pagedQueryOptions({
    queryKey: withdrawalsRootKey,
    fetchPage: listWithdrawals,
    pollInterval: (pages) => withdrawalPollInterval(pages.flatMap((page) => page.list.map((row) => row.status))),
  });
}

export function useWithdrawals() {
  const { token } = useSession();
  return useInfiniteQuery({ ...withdrawalsQueryOptions(), enabled: token !== null });
}
