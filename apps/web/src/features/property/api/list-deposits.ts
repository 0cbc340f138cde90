import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import { depositsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { nextPageParam } from '../model/paged-list';

export const DEPOSIT_PAGE_LIMIT = 20;
/** While a deposit waits for confirmations the loaded pages are asked again this often. */
export const DEPOSIT_POLL_MS = 3_000;
/** An operator's review takes minutes to hours: a request waiting for one is asked about less often. */
export const REVIEW_POLL_MS = 30_000;

type DepositPage = z.output<typeof depositsApi.listDeposits.response>;

/** GET /api/finance/recharges — the user's deposits, newest first. */
export const depositsRootKey = ['finance', 'deposits'] as const;

export function listDeposits(page: number, signal?: AbortSignal) {
  return callApi(depositsApi.listDeposits, { query: { page, limit: DEPOSIT_PAGE_LIMIT }, signal });
}

/** How soon to ask again: soon while a transfer is being confirmed, slowly while a request waits for review. */
export function depositPollInterval(data: InfiniteData<DepositPage> | undefined): number | false {
  const statuses = new Set(data?.pages.flatMap((page) => page.list.map((deposit) => deposit.status)));
  if (statuses.has('pending')) return DEPOSIT_POLL_MS;
  if (statuses.has('review')) return REVIEW_POLL_MS;
  return false;
}

export function depositsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: depositsRootKey,
    queryFn: ({ pageParam, signal }) => listDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    refetchInterval: (query) => depositPollInterval(query.state.data),
  });
}

export function useDeposits() {
  const { token } = useSession();
  return useInfiniteQuery({ ...depositsQueryOptions(), enabled: token !== null });
}
