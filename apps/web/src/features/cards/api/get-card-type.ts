import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

/** GET /api/project/card/:id — one starter card type with its session (cards/details?type=). */
export function cardTypeQueryOptions(id: number) {
  return queryOptions({
    queryKey: cardsKeys.type(id),
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(cardsApi.getCardType, { params: { id }, signal })),
  });
}

export function useCardType(id: number) {
  const { token } = useSession();
  return useQuery({ ...cardTypeQueryOptions(id), enabled: token !== null && id > 0 });
}
