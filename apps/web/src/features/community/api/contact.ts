import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { communityKeys } from './keys';

/** GET /api/community/contact — the contact line I show my team. */
export function useContact() {
  const { token } = useSession();
  return useQuery({
    queryKey: communityKeys.contact,
    queryFn: ({ signal }) => callApi(communityApi.getContact, { signal }),
    enabled: token !== null,
  });
}

/** POST /api/community/contact — saves it (empty clears it). */
export function useSetContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: string) => callApi(communityApi.setContact, { body: { contact } }),
    onSuccess: (saved) => queryClient.setQueryData(communityKeys.contact, saved),
  });
}
