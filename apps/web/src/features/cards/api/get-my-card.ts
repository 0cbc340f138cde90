import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

/** GET /api/project/card/my/:id — one card the caller owns or owned, with its whole history (someone else's: NOT_FOUND). */
export function myCardQueryOptions(id: number) {
  return queryOptions({
    queryKey: cardsKeys.myCard(id),
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(cardsApi.getMyCard, { params: { id }, signal })),
    // Another user's buy order can sell it at any moment: the page asks again each time it opens.
    staleTime: 0,
  });
}

export function useMyCard(id: number) {
  const { token } = useSession();
  return useQuery({ ...myCardQueryOptions(id), enabled: token !== null && id > 0 });
}
