import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const WITHDRAWAL_PAGE_LIMIT = 20;

/** GET /api/finance/withdrawals — the user's withdrawals, newest first. */
export const withdrawalsRootKey = ['finance', 'withdrawals'] as const;

export function listWithdrawals(page: number, signal?: AbortSignal) {
  return callApi(withdrawalsApi.listWithdrawals, { query: { page, limit: WITHDRAWAL_PAGE_LIMIT }, signal });
}

export function withdrawalsQueryOptions() {
  return queryOptions({ queryKey: [...withdrawalsRootKey, 1], queryFn: ({ signal }) => listWithdrawals(1, signal) });
}

export function useWithdrawals() {
  const { token } = useSession();
  return useQuery({ ...withdrawalsQueryOptions(), enabled: token !== null });
}
