import { describe, expect, it } from 'vitest';
import { amountShort, rechargeLinks, shortfallToShow } from './recharge-shortfall';

describe('amountShort', () => {
  it('is the exact difference when the costs exceed the balance', () => {
    expect(amountShort('150', '200')).toBe('50.00000000');
    expect(amountShort('0.3', '0.1', '0.2', '0.00000001')).toBe('0.00000001');
    // Where floats would say 0.30000000000000004 > 0.3.
    expect(amountShort('0.3', '0.1', '0.2')).toBeNull();
  });

  it('is null when the balance covers the cost, is not known yet, or a cost is not an amount yet', () => {
    expect(amountShort('200.00000000', '200')).toBeNull();
    expect(amountShort(undefined, '1')).toBeNull();
    expect(amountShort('1', '')).toBeNull();
    expect(amountShort('1', '2.')).toBeNull();
    expect(amountShort('1', '1.123456789')).toBeNull();
  });

  it('reads a typed stake with spaces around it', () => {
    expect(amountShort('5', ' 7.5 ')).toBe('2.50000000');
  });
});

describe('shortfallToShow', () => {
  it('rounds up to the shown places, so the figure is enough to deposit', () => {
    expect(shortfallToShow('0.00000001')).toBe('0.00010000');
    expect(shortfallToShow('50.00000000')).toBe('50.00000000');
    expect(shortfallToShow('1.23450001')).toBe('1.23460000');
    expect(shortfallToShow('1.23456789', 2)).toBe('1.24000000');
  });
});

describe('rechargeLinks', () => {
  it('leads USDT and the coin to the recharge on that asset', () => {
    expect(rechargeLinks('usdt')).toEqual([{ way: 'recharge', to: '/pages/property/recharge' }]);
    expect(rechargeLinks('coin')).toEqual([{ way: 'recharge', to: '/pages/property/recharge?asset=coin' }]);
  });

  it('leads RUSD to its charge, with USDT or with BNB', () => {
    expect(rechargeLinks('rusd')).toEqual([
      { way: 'chargeUsdt', to: '/pages/property/single' },
      { way: 'chargeBnb', to: '/pages/property/single?pay=bnb' },
    ]);
  });

  it('has no way in for points', () => {
    for (const asset of ['trade', 'fuel', 'mineral', 'game'] as const) expect(rechargeLinks(asset)).toEqual([]);
  });
});
