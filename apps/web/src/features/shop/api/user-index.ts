import { useQuery } from '@tanstack/react-query';
import { shopApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { shopKeys } from './keys';

/** GET /api/user/index — the user's summary with the order counters (spec §3 user store). */
export function useUserIndex() {
  const { token } = useSession();
  return useQuery({ queryKey: shopKeys.userIndex, queryFn: ({ signal }) => callApi(shopApi.userIndex, { signal }), enabled: token !== null });
}
