import { queryOptions, useQuery } from '@tanstack/react-query';
import { miningApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { miningKeys } from './keys';

/** GET /api/project/mining_machine — the miners on sale (and paused ones), with how many units the caller bought. */
export function miningProductsQueryOptions() {
  return queryOptions({
    queryKey: miningKeys.products,
    queryFn: ({ signal }) => callApi(miningApi.listMiningProducts, { signal }),
  });
}

export function useMiningProducts() {
  const { token } = useSession();
  return useQuery({ ...miningProductsQueryOptions(), enabled: token !== null });
}
