import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { marketRootKey } from './keys';

/** GET /api/index — the coin's price, 24 h change, issuance, burned and circulating amounts. */
export const coinIndexQueryKey = [...marketRootKey, 'index'] as const;

export function getCoinIndex(signal?: AbortSignal) {
  return callApi(marketApi.getIndex, { signal });
}

export function coinIndexQueryOptions() {
  return queryOptions({
    queryKey: coinIndexQueryKey,
    queryFn: ({ signal }) => getCoinIndex(signal),
    select: (data) => data.coin,
    refetchInterval: 60_000,
  });
}

/** Public: visitors see the coin figures too. */
export function useCoinIndex() {
  return useQuery(coinIndexQueryOptions());
}
