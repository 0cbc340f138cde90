import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chargeApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { billsRootKey } from '../../bills/api/get-bills';

/** POST /api/user/charge — USDT → RUSD; a money call, so it always carries an Idempotency-Key. */
export function charge(amount: string, idempotencyKey: string) {
  return callApi(chargeApi.charge, { body: { amount }, idempotencyKey });
}

export function useCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) => charge(amount, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billsRootKey }),
  });
}
