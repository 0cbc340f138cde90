import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositsApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';

/** GET /api/finance/recharge/rules — whether recharges go on chain or through review, and the minimums. */
export const rechargeRulesQueryKey = ['finance', 'recharge-rules'] as const;

export function getRechargeRules(signal?: AbortSignal) {
  return callApi(depositsApi.rechargeRules, { signal });
}

export function rechargeRulesQueryOptions() {
  return queryOptions({ queryKey: rechargeRulesQueryKey, queryFn: ({ signal }) => getRechargeRules(signal), staleTime: 5 * 60_000 });
}

export function useRechargeRules() {
  return useQuery(rechargeRulesQueryOptions());
}
