import { useQuery } from '@tanstack/react-query';
import { shopApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { shopKeys } from './keys';

/**
 * GET /api/user/index — the user's summary with the order counters (spec §3 user store). Asked again each time Mine
 * shows it: an operator's shipping or the time-out moves the counters without this app doing anything.
 */
export function useUserIndex() {
  const { token } = useSession();
  return useQuery({
    queryKey: shopKeys.userIndex,
    queryFn: ({ signal }) => callApi(shopApi.userIndex, { signal }),
    enabled: token !== null,
    staleTime: 0,
  });
}
