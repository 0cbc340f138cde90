import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopApi, type OrderStatus } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { shopKeys, shopRootKey } from './keys';

export const ORDERS_PAGE_LIMIT = 20;
export type OrderFilter = OrderStatus | 'all';

/** GET /api/point/myList — the caller's orders in one state (or all), newest first. */
export function useMyOrders(status: OrderFilter) {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: shopKeys.orders(status),
      fetchPage: (page, signal) => callApi(shopApi.myOrders, { query: { page, limit: ORDERS_PAGE_LIMIT, status }, signal }),
    }),
    enabled: token !== null,
    // Orders move on the server (shipping, the time-out, automatic receipt): a list shown again is asked again.
    staleTime: 0,
  });
}

/** GET /api/point/detail/id/:id — one of the caller's orders. */
export function useOrder(id: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: shopKeys.order(id),
    queryFn: ({ signal }) => callApi(shopApi.orderDetail, { params: { id }, signal }),
    enabled: token !== null && id > 0,
    retry: false,
    staleTime: 0,
  });
}

/** Any order call moves the stock, the lists and the counters: the whole feature is read again. */
function useShopMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => void queryClient.invalidateQueries({ queryKey: shopRootKey }) });
}

/** POST /api/point/order — places an order (the stock is held until it is paid or times out). */
export function usePlaceOrder() {
  return useShopMutation((body: { goods_id: number; quantity: number; address_id?: number }) => callApi(shopApi.placeOrder, { body }));
}

/** POST /api/point/pay/id/:id — pays with the transaction password; a money call, so it carries an Idempotency-Key. */
export function usePayOrder() {
  return useShopMutation(({ id, password, idempotencyKey }: { id: number; password: string; idempotencyKey: string }) =>
    callApi(shopApi.payOrder, { params: { id }, body: { password }, idempotencyKey }),
  );
}

/** POST /api/point/delete/id/:id — deletes an unpaid, failed or cancelled order. */
export function useDeleteOrder() {
  return useShopMutation((id: number) => callApi(shopApi.deleteOrder, { params: { id } }));
}

/** POST /api/point/receive/id/:id — confirms a shipped order arrived. */
export function useReceiveOrder() {
  return useShopMutation((id: number) => callApi(shopApi.receiveOrder, { params: { id } }));
}
