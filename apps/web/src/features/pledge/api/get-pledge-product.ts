import { useQuery } from '@tanstack/react-query';
import { pledgeApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { timedRead } from '../../../lib/use-server-clock';
import { pledgeKeys } from './keys';

/** GET /api/project/pledge/:id — one product, what the caller holds in it, and the server's time (pledge/details). */
export function usePledgeProduct(id: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: pledgeKeys.product(id),
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(pledgeApi.pledgeProductDetails, { params: { id }, signal })),
    staleTime: 0,
    enabled: token !== null && id > 0,
  });
}
