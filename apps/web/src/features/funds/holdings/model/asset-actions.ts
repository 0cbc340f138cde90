import type { AssetKey } from '@reef/contract';
import type { PageId } from '../../../../lib/pages';

export type AssetActionKind = 'recharge' | 'withdraw' | 'transfer' | 'exchange';

export interface AssetAction {
  kind: AssetActionKind;
  page: PageId;
  /** The query that opens the page on this asset ('' when the page's default is already it). */
  search: string;
}

/**
 * What an asset's page (index/details) offers, where it applies: USDT and the coin come in and go out on chain
 * and trade in the flash exchange; RUSD is topped up by the RUSD charge; every asset can be transferred to
 * another user. The order is the one of the funds page.
 */
export function assetActions(asset: AssetKey): AssetAction[] {
  const transfer: AssetAction = { kind: 'transfer', page: 'property/transfer', search: `?asset=${asset}` };
  switch (asset) {
    case 'usdt':
    case 'coin': {
      // USDT is each page's default asset, so only the coin needs a query to open them on itself.
      const onCoin = asset === 'coin';
      return [
        { kind: 'recharge', page: 'property/recharge', search: onCoin ? '?asset=coin' : '' },
        { kind: 'withdraw', page: 'property/withdrawal', search: onCoin ? '?asset=coin' : '' },
        transfer,
        { kind: 'exchange', page: 'property/exchange', search: onCoin ? '?from=coin' : '' },
      ];
    }
    case 'rusd':
      return [{ kind: 'recharge', page: 'property/single', search: '' }, transfer];
    default:
      return [transfer];
  }
}
