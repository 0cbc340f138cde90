import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalsApi, type WithdrawalAsset } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { billsRootKey } from '../../bills/api/get-bills';
import { withdrawalRulesRootKey } from './get-withdrawal-rules';
import { withdrawalsRootKey } from './list-withdrawals';

export interface WithdrawVariables {
  asset: WithdrawalAsset;
  amount: string;
  password: string;
  idempotencyKey: string;
}

/** POST /api/finance/extract or /api/token/extract — a money call, so it carries an Idempotency-Key. */
export function withdraw({ asset, amount, password, idempotencyKey }: WithdrawVariables) {
  return callApi(asset === 'usdt' ? withdrawalsApi.withdrawUsdt : withdrawalsApi.withdrawCoin, { body: { amount, password }, idempotencyKey });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: withdrawalsRootKey });
      void queryClient.invalidateQueries({ queryKey: withdrawalRulesRootKey });
      void queryClient.invalidateQueries({ queryKey: billsRootKey });
    },
  });
}
