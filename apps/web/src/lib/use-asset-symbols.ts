import { useMemo } from 'react';
import type { AssetKey } from '@reef/contract';
import { useAppConfig } from './app-config';
import { assetSymbolMap } from './asset-display';

/** Asset key → display symbol, from the public config (defaults until it loads). */
export function useAssetSymbols(): Record<AssetKey, string> {
  const config = useAppConfig();
  return useMemo(() => assetSymbolMap(config.data?.assets), [config.data]);
}
