import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { cardsRootKey } from './keys';

/** POST /api/project/card/auto/:id — auto-sell on or off for one of the caller's cards. */
export function setAutoSell(cardId: number, auto: boolean) {
  return callApi(cardsApi.setAutoSell, { params: { id: cardId }, body: { auto } });
}

export function useSetAutoSell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, auto }: { cardId: number; auto: boolean }) => setAutoSell(cardId, auto),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardsRootKey }),
  });
}
