/** Every query of the mining feature lives under this key, so one invalidation refreshes the feature after a money move. */
export const miningRootKey = ['mining'] as const;

export const miningKeys = {
  products: [...miningRootKey, 'products'] as const,
  myMiners: [...miningRootKey, 'my'] as const,
  miner: (id: number) => [...miningRootKey, 'miner', id] as const,
  bubbles: [...miningRootKey, 'bubbles'] as const,
};
