import { describe, expect, it } from 'vitest';
import { ASSET_KEYS } from '@reef/contract';
import { assetActions } from './asset-actions';

const links = (asset: Parameters<typeof assetActions>[0]) => assetActions(asset).map((a) => `${a.kind} ${a.page}${a.search}`);

describe('assetActions', () => {
  it('offers the on-chain ways in and out, transfer and exchange for USDT and the coin, each opened on that asset', () => {
    expect(links('usdt')).toEqual([
      'recharge property/recharge',
      'withdraw property/withdrawal',
      'transfer property/transfer?asset=usdt',
      'exchange property/exchange',
    ]);
    expect(links('coin')).toEqual([
      'recharge property/recharge?asset=coin',
      'withdraw property/withdrawal?asset=coin',
      'transfer property/transfer?asset=coin',
      'exchange property/exchange?from=coin',
    ]);
  });

  it('tops RUSD up through the RUSD charge', () => {
    expect(links('rusd')).toEqual(['recharge property/single', 'transfer property/transfer?asset=rusd']);
  });

  it('lets every asset be transferred, and points only be transferred', () => {
    for (const asset of ASSET_KEYS) expect(assetActions(asset).some((a) => a.kind === 'transfer')).toBe(true);
    for (const asset of ['trade', 'fuel', 'mineral', 'game'] as const) expect(links(asset)).toEqual([`transfer property/transfer?asset=${asset}`]);
  });
});
