import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositsApi, type Deposit } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const DEPOSIT_PAGE_LIMIT = 20;
/** While a deposit waits for confirmations the list is asked again this often. */
export const DEPOSIT_POLL_MS = 3_000;

/** GET /api/finance/recharges — the user's deposits, newest first. */
export const depositsRootKey = ['finance', 'deposits'] as const;

export function listDeposits(page: number, signal?: AbortSignal) {
  return callApi(depositsApi.listDeposits, { query: { page, limit: DEPOSIT_PAGE_LIMIT }, signal });
}

export function hasPendingDeposit(list: readonly Deposit[] | undefined): boolean {
  return list?.some((deposit) => deposit.status === 'pending') ?? false;
}

export function depositsQueryOptions() {
  return queryOptions({
    queryKey: [...depositsRootKey, 1],
    queryFn: ({ signal }) => listDeposits(1, signal),
    refetchInterval: (query) => (hasPendingDeposit(query.state.data?.list) ? DEPOSIT_POLL_MS : false),
  });
}

export function useDeposits() {
  const { token } = useSession();
  return useQuery({ ...depositsQueryOptions(), enabled: token !== null });
}
