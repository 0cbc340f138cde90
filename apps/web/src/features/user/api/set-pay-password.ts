import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { securityApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

export type SetPayPasswordBody = z.input<typeof securityApi.setPayPassword.body>;

/** POST /api/user/password — sets the transaction password, or changes it with the old one. */
export function setPayPassword(body: SetPayPasswordBody) {
  return callApi(securityApi.setPayPassword, { body });
}

export function useSetPayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayPassword,
    // has_pay_password lives in the user info.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}
