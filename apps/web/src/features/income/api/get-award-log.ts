import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RewardKind } from '@reef/contract';
import { incomesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { incomesRootKey } from './get-incomes';

export const AWARD_LOG_PAGE_LIMIT = 20;

/** GET /api/user/award_log/:kind — the user's lines of one reward kind, newest first. */
export function awardLogQueryKey(kind: RewardKind) {
  return [...incomesRootKey, 'log', kind] as const;
}

export function getAwardLog(kind: RewardKind, page: number, signal?: AbortSignal) {
  return callApi(incomesApi.awardLog, { params: { id: kind }, query: { page, limit: AWARD_LOG_PAGE_LIMIT }, signal });
}

export function awardLogQueryOptions(kind: RewardKind) {
  return infiniteQueryOptions({
    queryKey: awardLogQueryKey(kind),
    queryFn: ({ pageParam, signal }) => getAwardLog(kind, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useAwardLog(kind: RewardKind) {
  const { token } = useSession();
  return useInfiniteQuery({ ...awardLogQueryOptions(kind), enabled: token !== null });
}
