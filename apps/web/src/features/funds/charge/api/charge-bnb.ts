import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chargeApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { billsRootKey } from '../../bills/api/get-bills';
import { bnbChargesRootKey } from './list-bnb-charges';

/**
 * POST /api/user/chargeBNB — claims the wallet's BNB payment by its hash. The server accepts a hash once ever,
 * so a retry of the same hash needs no Idempotency-Key: it is either the first claim or refused.
 */
export function chargeBnb(txHash: string) {
  return callApi(chargeApi.chargeBnb, { body: { tx_hash: txHash } });
}

export function useChargeBnb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chargeBnb,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bnbChargesRootKey });
      void queryClient.invalidateQueries({ queryKey: billsRootKey });
    },
  });
}
