import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { pledgeApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { timedRead } from '../../../lib/use-server-clock';
import { pledgeKeys } from './keys';

/** GET /api/project/pledge — the products with their states and the server's time (pledge/index). */
export function pledgeProductsQueryOptions() {
  return queryOptions({
    queryKey: pledgeKeys.products,
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(pledgeApi.listPledgeProducts, { signal })),
    // States and the cap move while the app is open: each page that shows them asks again when it mounts.
    staleTime: 0,
  });
}

/** The server's clock for a pledge page that has read nothing with `now` yet: the product list carries it. */
export function readPledgeClock(client: QueryClient) {
  return client.fetchQuery(pledgeProductsQueryOptions());
}

export function usePledgeProducts() {
  const { token } = useSession();
  return useQuery({ ...pledgeProductsQueryOptions(), enabled: token !== null });
}
