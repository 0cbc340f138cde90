import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { gamesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged-list';
import { useSession } from '../../../lib/session';
import { gamesKeys } from './keys';

export const GAME_ROUNDS_PAGE_LIMIT = 20;

/** GET /api/game/rounds — the game room: the caller's rounds, newest first, and totals per payment method. */
export function useGameRounds() {
  const { token } = useSession();
  return useInfiniteQuery({
    ...pagedQueryOptions({
      queryKey: gamesKeys.rounds,
      fetchPage: (page, signal) => callApi(gamesApi.gameRounds, { query: { page, limit: GAME_ROUNDS_PAGE_LIMIT }, signal }),
    }),
    enabled: token !== null,
  });
}

/** GET /api/game/rounds/:id — one round to verify (someone else's only once its seed is revealed). */
export function useGameRound(id: number | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: gamesKeys.round(id ?? 0),
    queryFn: ({ signal }) => callApi(gamesApi.verifyRound, { params: { id: id! }, signal }),
    enabled: token !== null && id !== null,
  });
}
