import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { phoneApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/user/phone — the caller's bound phone, masked, or null. */
export const myPhoneQueryKey = ['user', 'phone'] as const;

export function myPhoneQueryOptions() {
  return queryOptions({ queryKey: myPhoneQueryKey, queryFn: ({ signal }) => callApi(phoneApi.myPhone, { signal }) });
}

export function useMyPhone() {
  const { token } = useSession();
  return useQuery({ ...myPhoneQueryOptions(), enabled: token !== null });
}

/** POST /api/register with purpose 'bind': a code for binding this number to the signed-in account. */
export function sendBindCode(phone: string) {
  return callApi(phoneApi.sendCode, { body: { phone, purpose: 'bind' } });
}

/** POST /api/register/verify */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) => callApi(phoneApi.verifyPhone, { body }),
    onSuccess: (data) => queryClient.setQueryData(myPhoneQueryKey, { phone: data.phone }),
  });
}
