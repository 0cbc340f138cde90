import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

/** GET /api/project/card/market/:id — one live listing with its type's rules and session (trading/details). */
export function marketListingQueryOptions(id: number) {
  return queryOptions({
    queryKey: cardsKeys.listing(id),
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(cardsApi.getMarketListing, { params: { id }, signal })),
  });
}

export function useMarketListing(id: number) {
  const { token } = useSession();
  return useQuery({ ...marketListingQueryOptions(id), enabled: token !== null && id > 0 });
}
