import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { gamesKeys, gamesRootKey } from './keys';

/** GET /api/game/seed — the live server seed's hash, the client seed and the next nonce. */
export function useGameSeed() {
  const { token } = useSession();
  return useQuery({ queryKey: gamesKeys.seed, queryFn: ({ signal }) => callApi(gamesApi.gameSeed, { signal }), enabled: token !== null });
}

/** POST /api/game/seed/client — the player's own client seed for the next bets. */
export function useSetClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => callApi(gamesApi.setClientSeed, { body: { client_seed: clientSeed } }),
    onSuccess: (seed) => queryClient.setQueryData(gamesKeys.seed, seed),
  });
}

/** POST /api/game/seed/rotate — reveals the live server seed and starts a new one. */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(gamesApi.rotateSeed, { body: {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gamesRootKey }),
  });
}
