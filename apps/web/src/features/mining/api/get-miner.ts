import { useQuery } from '@tanstack/react-query';
import { miningApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { miningKeys } from './keys';

/** GET /api/project/mining_machine/my/:id — one of the caller's miners with its release and purchase records. */
export function getMiner(id: number, signal?: AbortSignal) {
  return callApi(miningApi.minerDetails, { params: { id }, signal });
}

export function useMiner(id: number) {
  const { token } = useSession();
  return useQuery({ queryKey: miningKeys.miner(id), queryFn: ({ signal }) => getMiner(id, signal), enabled: token !== null && id > 0, retry: false });
}
