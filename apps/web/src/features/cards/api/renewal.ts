import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys, cardsRootKey } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

/** GET /api/project/card/renewal/:id — the renewal fee and the deadline it would give, or why the card cannot be renewed. */
export function renewalQueryOptions(cardId: number) {
  return queryOptions({
    queryKey: cardsKeys.renewal(cardId),
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(cardsApi.getRenewal, { params: { id: cardId }, signal })),
  });
}

export function useRenewalPreview(cardId: number) {
  const { token } = useSession();
  return useQuery({ ...renewalQueryOptions(cardId), enabled: token !== null && cardId > 0 });
}

/** POST /api/project/card/renewal/:id — pays the renewal fee in RUSD; a money call, so it carries an Idempotency-Key. */
export function renewCard(cardId: number, idempotencyKey: string) {
  return callApi(cardsApi.renewCard, { params: { id: cardId }, idempotencyKey });
}

export function useRenewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, idempotencyKey }: { cardId: number; idempotencyKey: string }) => renewCard(cardId, idempotencyKey),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardsRootKey }),
  });
}
