/** Asset keys are fixed; their display symbols are configurable on the server (see GET /api/config). */
export const ASSET_KEYS = ['usdt', 'coin', 'rusd', 'trade', 'fuel', 'mineral', 'game'] as const;
export type AssetKey = (typeof ASSET_KEYS)[number];

export const DEFAULT_ASSET_SYMBOLS: Record<AssetKey, string> = {
  usdt: 'USDT',
  coin: 'RSC',
  rusd: 'RUSD',
  trade: 'TP',
  fuel: 'FP',
  mineral: 'MP',
  game: 'GP',
};

export function isAssetKey(value: string): value is AssetKey {
  return (ASSET_KEYS as readonly string[]).includes(value);
}
