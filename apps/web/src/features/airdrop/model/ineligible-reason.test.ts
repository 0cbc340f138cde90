import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSET_SYMBOLS, type UserAirdrop } from '@reef/contract';
import { ineligibleReason } from './ineligible-reason';

const rules: UserAirdrop['rules'] = {
  min_recharge: { asset: 'usdt', amount: '100.00000000' },
  min_account_age_hours: 48,
  min_holding: { asset: 'coin', amount: '2.5' },
  per_referrer_cap: 3,
};

describe('ineligibleReason', () => {
  it('is null for an eligible user', () => {
    expect(ineligibleReason({ ineligible: null, rules }, DEFAULT_ASSET_SYMBOLS)).toBeNull();
  });

  it('names each rule with its figures', () => {
    const reason = (ineligible: UserAirdrop['ineligible']) => ineligibleReason({ ineligible, rules }, DEFAULT_ASSET_SYMBOLS);
    expect(reason('AIRDROP_MIN_RECHARGE')).toEqual({
      key: 'airdrop.ineligible.AIRDROP_MIN_RECHARGE',
      values: { amount: expect.stringMatching(/^100/), symbol: DEFAULT_ASSET_SYMBOLS.usdt },
    });
    expect(reason('AIRDROP_MIN_HOLDING')?.values.symbol).toBe(DEFAULT_ASSET_SYMBOLS.coin);
    expect(reason('AIRDROP_ACCOUNT_TOO_NEW')).toEqual({ key: 'airdrop.ineligible.AIRDROP_ACCOUNT_TOO_NEW', values: { hours: 48 } });
    expect(reason('AIRDROP_REFERRER_CAP')).toEqual({ key: 'airdrop.ineligible.AIRDROP_REFERRER_CAP', values: { cap: 3 } });
    expect(reason('AIRDROP_NOT_ELIGIBLE')).toEqual({ key: 'airdrop.ineligible.AIRDROP_NOT_ELIGIBLE', values: {} });
  });
});
