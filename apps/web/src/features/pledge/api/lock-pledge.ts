import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pledgeApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pledgeRootKey } from './keys';

interface LockInput {
  productId: number;
  amount: string;
}

/** POST /api/project/pledge/:id/preview — the fee, the actual amount locked and what it pays, before confirming (spec §9). */
export function usePreviewPledge() {
  return useMutation({
    mutationFn: ({ productId, amount }: LockInput) => callApi(pledgeApi.previewPledge, { params: { id: productId }, body: { amount } }),
  });
}

/** POST /api/project/pledge/:id — locks the amount; a money call, so it carries an Idempotency-Key. */
export function useLockPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, amount, idempotencyKey }: LockInput & { idempotencyKey: string }) =>
      callApi(pledgeApi.lockPledge, { params: { id: productId }, body: { amount }, idempotencyKey }),
    // The cap, the caller's holding and their positions all moved; a refusal (cap reached) changes the page too.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: pledgeRootKey }),
  });
}
