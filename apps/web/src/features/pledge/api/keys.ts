/** Every query of the pledge feature lives under this key, so one invalidation refreshes the feature after a lock. */
export const pledgeRootKey = ['pledge'] as const;

export const pledgeKeys = {
  products: [...pledgeRootKey, 'products'] as const,
  product: (id: number) => [...pledgeRootKey, 'products', id] as const,
  mine: [...pledgeRootKey, 'mine'] as const,
  position: (id: number) => [...pledgeRootKey, 'position', id] as const,
};
