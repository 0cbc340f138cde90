import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { cardsRootKey } from './keys';

/** POST /api/project/card/:id — buys one starter card of a type; a money call, so it carries an Idempotency-Key. */
export function buyStarterCard(typeId: number, idempotencyKey: string) {
  return callApi(cardsApi.buyStarterCard, { params: { id: typeId }, idempotencyKey });
}

export function useBuyStarterCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ typeId, idempotencyKey }: { typeId: number; idempotencyKey: string }) => buyStarterCard(typeId, idempotencyKey),
    // Stock, the caller's count and their cards all moved; a refusal (sold out, session closed) changes what the page shows too.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardsRootKey }),
  });
}
