import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamesApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { gamesKeys, gamesRootKey } from './keys';

/** GET /api/game/raffle — the wheel's segments and the caller's free spins. */
export function useRaffle() {
  const { token } = useSession();
  return useQuery({ queryKey: [...gamesRootKey, 'raffle'], queryFn: ({ signal }) => callApi(gamesApi.raffle, { signal }), enabled: token !== null });
}

/** POST /api/game/raffle — uses one free spin; the prize is credited by the server. */
export function useDrawRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(gamesApi.drawRaffle, {}),
    onSuccess: (answer) => queryClient.setQueryData(gamesKeys.seed, answer.seed),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gamesRootKey }),
  });
}
