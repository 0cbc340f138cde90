import { useQuery } from '@tanstack/react-query';
import { gamesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { gamesKeys } from './keys';

/** GET /api/game/paytable — each game's switch, payment methods, limits, RTP and paytable. */
export function useGameTerms() {
  return useQuery({ queryKey: gamesKeys.terms, queryFn: ({ signal }) => callApi(gamesApi.gameTermsList, { signal }) });
}
