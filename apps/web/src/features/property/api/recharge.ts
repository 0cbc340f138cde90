import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositsApi, type DepositAsset } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { depositsRootKey } from './list-deposits';

export interface RechargeVariables {
  asset: DepositAsset;
  txHash: string;
}

/**
 * POST /api/finance/recharge (USDT) or /api/token/recharge (coin): claims the wallet's transfer by its
 * hash. One credit per hash ever (server side), so a retry needs no Idempotency-Key.
 */
export function recharge({ asset, txHash }: RechargeVariables) {
  return callApi(asset === 'usdt' ? depositsApi.rechargeUsdt : depositsApi.rechargeCoin, { body: { tx_hash: txHash } });
}

export function useRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsRootKey }),
  });
}
