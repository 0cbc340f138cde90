import { useMutation, useQueryClient } from '@tanstack/react-query';
import { airdropsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { airdropsRootKey } from './list-airdrops';

/** POST /api/airdrops/:id/claim — a money call, so it carries an Idempotency-Key. */
export function claimAirdrop(id: number, idempotencyKey: string) {
  return callApi(airdropsApi.claimAirdrop, { params: { id }, idempotencyKey });
}

export function useClaimAirdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) => claimAirdrop(id, idempotencyKey),
    // Claimed, or refused because already claimed / closed: either way the list has news.
    onSettled: () => queryClient.invalidateQueries({ queryKey: airdropsRootKey }),
  });
}
