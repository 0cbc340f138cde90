import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gamesApi, type GameAsset } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { gamesKeys } from './keys';

export interface BetIntent {
  asset: GameAsset;
  amount: string;
}

/** POST /api/game/blind-box — a money call, so it carries an Idempotency-Key. */
export function usePlayBlindBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, box, ...bet }: BetIntent & { box: number; idempotencyKey: string }) =>
      callApi(gamesApi.playBlindBox, { body: { ...bet, box }, idempotencyKey }),
    onSuccess: (answer) => queryClient.setQueryData(gamesKeys.seed, answer.seed),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gamesKeys.rounds }),
  });
}

/** POST /api/game/slot — one spin; a money call, so it carries an Idempotency-Key. */
export function usePlaySlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...bet }: BetIntent & { idempotencyKey: string }) => callApi(gamesApi.playSlot, { body: bet, idempotencyKey }),
    onSuccess: (answer) => queryClient.setQueryData(gamesKeys.seed, answer.seed),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gamesKeys.rounds }),
  });
}
