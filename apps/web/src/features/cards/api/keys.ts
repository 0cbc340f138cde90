/** Every query of the cards feature lives under this key, so one invalidation refreshes the feature after a money move. */
export const cardsRootKey = ['cards'] as const;

export const cardsKeys = {
  types: [...cardsRootKey, 'types'] as const,
  type: (id: number) => [...cardsRootKey, 'types', id] as const,
  myCards: (state: string) => [...cardsRootKey, 'my', state] as const,
  myCard: (id: number) => [...cardsRootKey, 'card', id] as const,
  listingPreview: (id: number) => [...cardsRootKey, 'listing-preview', id] as const,
  mySales: (state: string) => [...cardsRootKey, 'sales', state] as const,
  market: (filter: unknown) => [...cardsRootKey, 'market', filter] as const,
  listing: (id: number) => [...cardsRootKey, 'listing', id] as const,
  orders: [...cardsRootKey, 'orders'] as const,
  record: (side: string) => [...cardsRootKey, 'record', side] as const,
  renewal: (id: number) => [...cardsRootKey, 'renewal', id] as const,
  split: [...cardsRootKey, 'split'] as const,
};
