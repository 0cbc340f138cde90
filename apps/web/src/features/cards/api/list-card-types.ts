import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';
import { timedRead } from '../../../lib/use-server-clock';

/** GET /api/project/card — the starter card types with their current or next session (cards/index). */
export function cardTypesQueryOptions() {
  return queryOptions({
    queryKey: cardsKeys.types,
    queryFn: ({ client, signal }) => timedRead(client, () => callApi(cardsApi.listCardTypes, { signal })),
    // Sessions are scheduled while the app is open: each page that shows them asks again when it mounts.
    staleTime: 0,
  });
}

export function useCardTypes() {
  const { token } = useSession();
  return useQuery({ ...cardTypesQueryOptions(), enabled: token !== null });
}
