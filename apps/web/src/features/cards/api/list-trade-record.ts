import { useInfiniteQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';

export type RecordSide = 'all' | 'buy' | 'sell';

/** GET /api/project/card/record — every match the caller took part in, on either side, newest first. */
export function listTradeRecord(side: RecordSide, page: number, signal?: AbortSignal) {
  return callApi(cardsApi.listTradeRecord, { query: { page, limit: 20, ...(side === 'all' ? {} : { side }) }, signal });
}

export function useTradeRecord(side: RecordSide) {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({ queryKey: cardsKeys.record(side), fetchPage: (page, signal) => listTradeRecord(side, page, signal) }),
    enabled: token !== null,
  });
}
