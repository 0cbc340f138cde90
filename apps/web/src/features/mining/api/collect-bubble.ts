import { useMutation, useQueryClient } from '@tanstack/react-query';
import { miningApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { miningRootKey } from './keys';

/** POST /api/project/mining_machine/bubble/:id — credits a ripe bubble once; a money call, so it carries an Idempotency-Key. */
export function collectBubble(bubbleId: number, idempotencyKey: string) {
  return callApi(miningApi.collectBubble, { params: { id: bubbleId }, idempotencyKey });
}

export function useCollectBubble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bubbleId, idempotencyKey }: { bubbleId: number; idempotencyKey: string }) => collectBubble(bubbleId, idempotencyKey),
    // The bubble list, the miners' income and today's totals all moved (or the bubble was gone already).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: miningRootKey }),
  });
}
