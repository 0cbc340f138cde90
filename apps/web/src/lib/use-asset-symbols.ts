import { useMemo } from 'react';
import { DEFAULT_ASSET_SYMBOLS, type AssetKey } from '@reef/contract';
import { useAppConfig } from './app-config';

/** Asset key → display symbol, from the public config (defaults until it loads). */
export function useAssetSymbols(): Record<AssetKey, string> {
  const config = useAppConfig();
  return useMemo(() => {
    const map: Record<AssetKey, string> = { ...DEFAULT_ASSET_SYMBOLS };
    for (const asset of config.data?.assets ?? []) map[asset.key] = asset.symbol;
    return map;
  }, [config.data]);
}
