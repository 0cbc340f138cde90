import { DEFAULT_ASSET_SYMBOLS, isAssetKey, type AssetKey } from '@reef/contract';

/**
 * Asset keys as people read them, shared by the app and the operator console (each fetches GET /api/config its own
 * way: the app with the user's session, the console with the operator's). Pure, so the console can use it without
 * pulling the app's client into its entry, nor the console's code into the app's.
 */

/** Asset key → display symbol: the server's configured symbols over the defaults (the defaults until it answers). */
export function assetSymbolMap(configured: readonly { key: AssetKey; symbol: string }[] | undefined): Record<AssetKey, string> {
  const map: Record<AssetKey, string> = { ...DEFAULT_ASSET_SYMBOLS };
  for (const asset of configured ?? []) map[asset.key] = asset.symbol;
  return map;
}

/** The symbol of a key as a record or a route carries it (`usdt`, `MINERAL`); a key the platform does not know stays as it is. */
export function assetSymbolOf(symbols: Record<AssetKey, string>, key: string): string {
  const lower = key.toLowerCase();
  return isAssetKey(lower) ? symbols[lower] : key;
}
