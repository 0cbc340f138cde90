import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** POST /api/binding */
export function bindReferrer(address: string) {
  return callApi(usersApi.bindReferrer, { body: { address } });
}

export function useBindReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindReferrer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}
