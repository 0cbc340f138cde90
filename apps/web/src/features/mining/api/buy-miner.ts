import { useMutation, useQueryClient } from '@tanstack/react-query';
import { miningApi, type AssetKey } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { miningRootKey } from './keys';

export interface BuyMinerIntent {
  productId: number;
  quantity: number;
  asset: AssetKey;
}

/** POST /api/project/mining_machine/:id — buys `quantity` units; a money call, so it carries an Idempotency-Key. */
export function buyMiner({ productId, quantity, asset }: BuyMinerIntent, idempotencyKey: string) {
  return callApi(miningApi.buyMiner, { params: { id: productId }, body: { quantity, asset }, idempotencyKey });
}

export function useBuyMiner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ intent, idempotencyKey }: { intent: BuyMinerIntent; idempotencyKey: string }) => buyMiner(intent, idempotencyKey),
    // The caller's count, their miners and today's bubble all moved; a refusal (limit, in use) may mean the list is stale.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: miningRootKey }),
  });
}
