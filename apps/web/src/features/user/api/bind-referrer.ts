import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** POST /api/binding — by wallet address or by uid (what an invite link or code carries). */
export function bindReferrer(referrer: { address: string } | { uid: number }) {
  return callApi(usersApi.bindReferrer, { body: referrer });
}

export function useBindReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindReferrer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}
