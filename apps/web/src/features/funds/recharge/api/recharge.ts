import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositsApi, type DepositAsset } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { depositsRootKey } from './list-deposits';

/** chain mode: the hash of the transfer the wallet sent. */
export interface ChainRecharge {
  asset: DepositAsset;
  txHash: string;
}

/** review mode: the amount sent and its voucher (a transaction hash or an uploaded image's address). */
export interface ReviewRecharge {
  asset: DepositAsset;
  amount: string;
  voucher: string;
  idempotencyKey: string;
}

export type RechargeVariables = ChainRecharge | ReviewRecharge;

/**
 * POST /api/finance/recharge (USDT) or /api/token/recharge (coin). A chain claim needs no Idempotency-Key: the
 * server credits a hash once ever. A review request with an image voucher has nothing unique in it, so it carries
 * one, and a retry after no answer reuses it.
 */
export function recharge(variables: RechargeVariables) {
  const endpoint = variables.asset === 'usdt' ? depositsApi.rechargeUsdt : depositsApi.rechargeCoin;
  if ('txHash' in variables) return callApi(endpoint, { body: { tx_hash: variables.txHash } });
  return callApi(endpoint, {
    body: { amount: variables.amount, voucher: variables.voucher },
    idempotencyKey: variables.idempotencyKey,
  });
}

export function useRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsRootKey }),
  });
}
