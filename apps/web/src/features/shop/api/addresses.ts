import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { shopKeys } from './keys';

/** GET /api/address — the caller's address book, the default first. */
export function useAddresses() {
  const { token } = useSession();
  return useQuery({ queryKey: shopKeys.addresses, queryFn: ({ signal }) => callApi(shopApi.listAddresses, { signal }), enabled: token !== null });
}

export interface NewAddress {
  name: string;
  phone: string;
  region: string;
  detail: string;
  is_default: boolean;
}

/** POST /api/address — adds an address to the book. */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAddress) => callApi(shopApi.createAddress, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: shopKeys.addresses }),
  });
}
