import { queryOptions, useQuery } from '@tanstack/react-query';
import { incomesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/user/incomes — reward income per kind and asset, in all and since 00:00 UTC today. */
export const incomesRootKey = ['user', 'incomes'] as const;
export const incomesQueryKey = [...incomesRootKey, 'summary'] as const;

export function getIncomes(signal?: AbortSignal) {
  return callApi(incomesApi.incomes, { signal });
}

export function incomesQueryOptions() {
  return queryOptions({ queryKey: incomesQueryKey, queryFn: ({ signal }) => getIncomes(signal) });
}

export function useIncomes() {
  const { token } = useSession();
  return useQuery({ ...incomesQueryOptions(), enabled: token !== null });
}
