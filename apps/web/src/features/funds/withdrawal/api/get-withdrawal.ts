import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalsApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { withdrawalPollInterval } from '../../shared/model/poll-interval';
import { withdrawalsRootKey } from './list-withdrawals';

/** GET /api/finance/withdrawals/:id — one of the caller's withdrawals (another user's id is NOT_FOUND). */
export function withdrawalQueryKey(id: number) {
  // Under the list's key, so whatever refreshes the list after a withdrawal refreshes the detail too.
  return [...withdrawalsRootKey, 'detail', id] as const;
}

export function getWithdrawal(id: number, signal?: AbortSignal) {
  return callApi(withdrawalsApi.getWithdrawal, { params: { id }, signal });
}

export function withdrawalQueryOptions(id: number) {
  return queryOptions({
    queryKey: withdrawalQueryKey(id),
    queryFn: ({ signal }) => getWithdrawal(id, signal),
    refetchInterval: (query) => (query.state.data ? withdrawalPollInterval([query.state.data.status]) : false),
  });
}

export function useWithdrawal(id: number) {
  const { token } = useSession();
  return useQuery({ ...withdrawalQueryOptions(id), enabled: token !== null && Number.isSafeInteger(id) && id > 0 });
}
