import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { communityRootKey } from './keys';

/** POST /api/user/remark/{id} — my private note on a member of my team (empty clears it; anyone else: NOT_IN_TEAM). */
export function useSetRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, remark }: { uid: number; remark: string }) => callApi(communityApi.setRemark, { params: { id: uid }, body: { remark } }),
    // The remark shows in both member lists and on the leader's pages: refresh them all.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityRootKey }),
  });
}
