import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { cardsKeys, cardsRootKey } from './keys';

export type PlaceOrderBody = z.input<typeof cardsApi.placeOrder.body>;

/** POST /api/project/card/order — a buy order within a price band; reserves funds, so it carries an Idempotency-Key. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return callApi(cardsApi.placeOrder, { body, idempotencyKey });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) => placeOrder(body, idempotencyKey),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardsRootKey }),
  });
}

/** GET /api/project/card/order — the caller's buy orders, newest first. */
export function listMyOrders(page: number, signal?: AbortSignal) {
  return callApi(cardsApi.listMyOrders, { query: { page, limit: 20 }, signal });
}

/** While an order waits or is being matched its state changes on the server: the list asks again every 5 s. */
const ORDER_POLL_MS = 5000;

export function useMyOrders() {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: cardsKeys.orders,
      fetchPage: listMyOrders,
      pollInterval: (pages) => (pages.some((page) => page.list.some((order) => order.state === 'waiting')) ? ORDER_POLL_MS : false),
    }),
    enabled: token !== null,
  });
}
