import { useTranslation } from '../../../../i18n';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_ASSET_SYMBOLS } from '@reef/contract';
import { Tabs } from '../../../../components/ui/tabs';
import { useAppConfig } from '../../../../lib/app-config';

export type ChainAsset = 'usdt' | 'coin';
export const CHAIN_ASSETS: readonly ChainAsset[] = ['usdt', 'coin'];

/** `?asset=coin` opens a form on the coin (links from an asset's page); anything else on USDT. */
export function useChainAssetParam(): ChainAsset {
  const [search] = useSearchParams();
  const requested = search.get('asset');
  return CHAIN_ASSETS.find((asset) => asset === requested) ?? 'usdt';
}

/** The symbol the server configured for an asset ("USDT", the coin's ticker). */
export function useAssetSymbol() {
  const config = useAppConfig();
  return (asset: ChainAsset) => config.data?.assets.find((a) => a.key === asset)?.symbol ?? DEFAULT_ASSET_SYMBOLS[asset];
}

interface AssetToggleProps {
  value: ChainAsset;
  onChange: (asset: ChainAsset) => void;
  testId: string;
}

/** USDT or the coin, as two tabs: the assets that move on chain. */
export function AssetToggle({ value, onChange, testId }: AssetToggleProps) {
  const { t } = useTranslation();
  const symbol = useAssetSymbol();
  return (
    <Tabs
      label={t('transfer.asset')}
      tabs={CHAIN_ASSETS.map((asset) => ({ id: asset, label: symbol(asset) }))}
      selected={value}
      onSelect={onChange}
      testId={testId}
    />
  );
}
