/** Every query of the game zone lives under this key, so one invalidation refreshes it after a bet or a rotation. */
export const gamesRootKey = ['games'] as const;

export const gamesKeys = {
  terms: [...gamesRootKey, 'terms'] as const,
  seed: [...gamesRootKey, 'seed'] as const,
  rounds: [...gamesRootKey, 'rounds'] as const,
  round: (id: number) => [...gamesRootKey, 'round', id] as const,
};
