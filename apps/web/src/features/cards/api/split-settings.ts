import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { cardsKeys } from './keys';

/** GET /api/project/card/split — whether the caller leads a team, their rule, and the rule their own cards follow. */
export function useSplitSettings() {
  const { token } = useSession();
  return useQuery({
    queryKey: cardsKeys.split,
    queryFn: ({ signal }) => callApi(cardsApi.getSplitSettings, { signal }),
    enabled: token !== null,
  });
}

export type SplitSettingsBody = z.input<typeof cardsApi.setSplitSettings.body>;

/** POST /api/project/card/split — a leader's rule for their team (anyone else: NOT_LEADER). */
export function useSetSplitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SplitSettingsBody) => callApi(cardsApi.setSplitSettings, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cardsKeys.split }),
  });
}
