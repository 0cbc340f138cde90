/** Every market query lives under this key: a trade invalidates them all at once. */
export const marketRootKey = ['market'] as const;
