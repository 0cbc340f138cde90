import { useInfiniteQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

export const MARKET_PAGE_LIMIT = 20;

/** What the market list is narrowed to: a card type, a price band (either end open), a seller's uid. */
export interface MarketFilter {
  type: number | null;
  minPrice: string | null;
  maxPrice: string | null;
  seller: number | null;
}

/** GET /api/project/card/market — live listings, oldest first, with the sessions' clock. */
export function listMarket(filter: MarketFilter, page: number, signal?: AbortSignal) {
  return callApi(cardsApi.listMarket, {
    query: {
      page,
      limit: MARKET_PAGE_LIMIT,
      ...(filter.type !== null && { type: filter.type }),
      ...(filter.minPrice !== null && { min_price: filter.minPrice }),
      ...(filter.maxPrice !== null && { max_price: filter.maxPrice }),
      ...(filter.seller !== null && { seller: filter.seller }),
    },
    signal,
  });
}

export function useMarket(filter: MarketFilter) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: cardsKeys.market(filter),
    queryFn: ({ client, pageParam, signal }) => timedRead(client, () => listMarket(filter, pageParam, signal)),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: token !== null,
  });
}
