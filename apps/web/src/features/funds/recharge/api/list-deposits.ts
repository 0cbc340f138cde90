import { useInfiniteQuery } from '@tanstack/react-query';
import { depositsApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { pagedQueryOptions } from '../../../../lib/paged-list';
import { depositPollInterval } from '../../shared/model/poll-interval';

export const DEPOSIT_PAGE_LIMIT = 20;

/** GET /api/finance/recharges — the user's deposits, newest first. */
export const depositsRootKey = ['finance', 'deposits'] as const;

export function listDeposits(page: number, signal?: AbortSignal) {
  return callApi(depositsApi.listDeposits, { query: { page, limit: DEPOSIT_PAGE_LIMIT }, signal });
}

export function depositsQueryOptions() {
  return pagedQueryOptions({
    queryKey: depositsRootKey,
    fetchPage: listDeposits,
    pollInterval: (pages) => depositPollInterval(pages.flatMap((page) => page.list.map((row) => row.status))),
  });
}

export function useDeposits() {
  const { token } = useSession();
  return useInfiniteQuery({ ...depositsQueryOptions(), enabled: token !== null });
}
