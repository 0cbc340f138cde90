import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys, cardsRootKey } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

/** GET /api/project/card/hanging/:id — what listing the card would do: its listing price, the fee, what the seller obtains. */
export function listingPreviewQueryOptions(cardId: number) {
  return queryOptions({
    queryKey: cardsKeys.listingPreview(cardId),
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(cardsApi.getListingPreview, { params: { id: cardId }, signal })),
  });
}

export function useListingPreview(cardId: number) {
  const { token } = useSession();
  return useQuery({ ...listingPreviewQueryOptions(cardId), enabled: token !== null && cardId > 0 });
}

/** POST /api/project/card/hanging/:id — lists the card at its next step price. Moves no money, but is one intent: keyed too. */
export function listCard(cardId: number, idempotencyKey: string) {
  return callApi(cardsApi.listCard, { params: { id: cardId }, idempotencyKey });
}

export function useListCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, idempotencyKey }: { cardId: number; idempotencyKey: string }) => listCard(cardId, idempotencyKey),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardsRootKey }),
  });
}

/** DELETE /api/project/card/hanging/:id — takes the caller's live listing of the card off the market (decision 060). */
export function withdrawListing(cardId: number) {
  return callApi(cardsApi.withdrawListing, { params: { id: cardId } });
}

export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => withdrawListing(cardId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardsRootKey }),
  });
}
