/** Every query of the shop lives under this key, so one invalidation refreshes the feature after an order moves. */
export const shopRootKey = ['shop'] as const;

export const shopKeys = {
  goods: [...shopRootKey, 'goods'] as const,
  goodsDetail: (id: number) => [...shopRootKey, 'goods', id] as const,
  addresses: [...shopRootKey, 'addresses'] as const,
  orders: (status: string) => [...shopRootKey, 'orders', status] as const,
  order: (id: number) => [...shopRootKey, 'order', id] as const,
  userIndex: [...shopRootKey, 'user-index'] as const,
};
