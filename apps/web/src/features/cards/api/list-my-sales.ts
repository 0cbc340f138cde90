import { useInfiniteQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';

export type MySalesFilter = cardsApi.MySale['state'] | 'all';

/** GET /api/project/card/mySale — the caller's listings, newest first. */
export function listMySales(state: MySalesFilter, page: number, signal?: AbortSignal) {
  return callApi(cardsApi.listMySales, { query: { page, limit: 20, ...(state === 'all' ? {} : { state }) }, signal });
}

export function useMySales(state: MySalesFilter) {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({ queryKey: cardsKeys.mySales(state), fetchPage: (page, signal) => listMySales(state, page, signal) }),
    enabled: token !== null,
  });
}
