import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

export const MY_CARDS_PAGE_LIMIT = 20;
export type MyCardsFilter = cardsApi.MyCard['state'] | 'all';

/** GET /api/project/card/my — the caller's cards, newest first, optionally in one state (with the server's time, for their stages). */
export function listMyCards(state: MyCardsFilter, page: number, signal?: AbortSignal) {
  return callApi(cardsApi.listMyCards, { query: { page, limit: MY_CARDS_PAGE_LIMIT, ...(state === 'all' ? {} : { state }) }, signal });
}

export function useMyCards(state: MyCardsFilter) {
  const { token } = useSession();
  const client = useQueryClient();
  return useInfiniteQuery({
    ...pagedQueryOptions({ queryKey: cardsKeys.myCards(state), fetchPage: (page, signal) => timedRead(client, () => listMyCards(state, page, signal)) }),
    enabled: token !== null,
  });
}
