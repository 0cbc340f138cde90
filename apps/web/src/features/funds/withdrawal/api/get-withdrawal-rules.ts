import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalsApi, type WithdrawalAsset } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';

/** GET /api/finance/extract (USDT) and /api/token/extract (coin): minimum, fee and balance. */
export const withdrawalRulesRootKey = ['finance', 'withdrawal-rules'] as const;

export function getWithdrawalRules(asset: WithdrawalAsset, signal?: AbortSignal) {
  return callApi(asset === 'usdt' ? withdrawalsApi.usdtRules : withdrawalsApi.coinRules, { signal });
}

export function withdrawalRulesQueryOptions(asset: WithdrawalAsset) {
  return queryOptions({ queryKey: [...withdrawalRulesRootKey, asset], queryFn: ({ signal }) => getWithdrawalRules(asset, signal) });
}

export function useWithdrawalRules(asset: WithdrawalAsset) {
  const { token } = useSession();
  return useQuery({ ...withdrawalRulesQueryOptions(asset), enabled: token !== null });
}
