import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { shopApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { shopKeys } from './keys';

export const GOODS_PAGE_LIMIT = 20;

/** GET /api/point/goods — the goods on sale, newest first, with how many the caller has ordered. */
export function useGoodsList() {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: shopKeys.goods,
      fetchPage: (page, signal) => callApi(shopApi.listGoods, { query: { page, limit: GOODS_PAGE_LIMIT }, signal }),
    }),
    enabled: token !== null,
  });
}

/** GET /api/point/goods/:id — one goods with its stock and the caller's ordered units. */
export function useGoods(id: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: shopKeys.goodsDetail(id),
    queryFn: ({ signal }) => callApi(shopApi.goodsDetail, { params: { id }, signal }),
    enabled: token !== null && id > 0,
    retry: false,
  });
}
