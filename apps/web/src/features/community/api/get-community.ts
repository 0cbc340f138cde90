import { useQuery } from '@tanstack/react-query';
import { communityApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { communityKeys } from './keys';

/** GET /api/project/community — my team figures, my level and what the next level asks. */
export function useMyCommunity() {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.mine,
    queryFn: ({ signal }) => callApi(communityApi.myCommunity, { signal }),
    enabled: token !== null,
  });
}
