import { useQuery, useQueryClient } from '@tanstack/react-query';
import { miningApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { timedRead } from '../../../lib/use-server-clock';
import { miningKeys } from './keys';

/** GET /api/project/mining_machine/bubble — the caller's growing and ripe bubbles, with the server's time for their countdowns. */
export function listBubbles(signal?: AbortSignal) {
  return callApi(miningApi.listBubbles, { signal });
}

export function useBubbles() {
  const { token } = useSession();
  const client = useQueryClient();
  return useQuery({
    queryKey: miningKeys.bubbles,
    queryFn: ({ signal }) => timedRead(client, () => listBubbles(signal)),
    enabled: token !== null,
    // A bubble ripens while the page is open: each visit asks again.
    staleTime: 0,
  });
}
