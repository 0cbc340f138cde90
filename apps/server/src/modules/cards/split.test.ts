import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { MAX_SPLIT_PIECES, NO_SPLIT, ruleForOwner, splitPrices, type SplitRule } from './split.js';

const u = toUnits;
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('order split', () => {
  it('none never splits; below the threshold nothing splits', () => {
    expect(splitPrices(u('1000'), NO_SPLIT, u('100'))).toBeNull();
    expect(splitPrices(u('199.99'), { mode: 'full', threshold: u('200'), amount: null }, u('100'))).toBeNull();
  });

  it('full splits into pieces of the start price, the last piece takes the remainder', () => {
    const pieces = splitPrices(u('231.53'), { mode: 'full', threshold: u('200'), amount: null }, u('100'))!;
    expect(pieces).toEqual([u('100'), u('131.53')]);
    expect(sum(pieces)).toBe(u('231.53'));
  });

  it('auto splits into pieces of the amount', () => {
    const pieces = splitPrices(u('305'), { mode: 'auto', threshold: u('300'), amount: u('50') }, u('100'))!;
    expect(pieces).toEqual([u('50'), u('50'), u('50'), u('50'), u('50'), u('55')]);
  });

  it('a price worth fewer than two pieces stays whole even past the threshold', () => {
    expect(splitPrices(u('150'), { mode: 'full', threshold: u('100'), amount: null }, u('100'))).toBeNull();
  });

  it('never more than MAX_SPLIT_PIECES pieces, still summing to the price', () => {
    const pieces = splitPrices(u('10000.07'), { mode: 'auto', threshold: u('1'), amount: u('0.5') }, u('1'))!;
    expect(pieces).toHaveLength(MAX_SPLIT_PIECES);
    expect(sum(pieces)).toBe(u('10000.07'));
    expect(pieces[0]).toBe(u('200'));
    expect(pieces.at(-1)).toBe(u('200.07'));
  });

  it('the nearest leader decides (the owner first), a leader without a rule and no leader mean the default', () => {
    const mine: SplitRule = { mode: 'auto', threshold: u('300'), amount: u('100') };
    const upline: SplitRule = { mode: 'full', threshold: u('500'), amount: null };
    const platform: SplitRule = { mode: 'full', threshold: u('1000'), amount: null };
    expect(
      ruleForOwner(
        [
          { depth: 2, leader: true, rule: upline },
          { depth: 0, leader: true, rule: mine },
        ],
        platform,
      ),
    ).toBe(mine);
    expect(
      ruleForOwner(
        [
          { depth: 0, leader: false, rule: null },
          { depth: 1, leader: false, rule: mine },
          { depth: 3, leader: true, rule: upline },
        ],
        platform,
      ),
    ).toBe(upline);
    expect(ruleForOwner([{ depth: 1, leader: true, rule: null }], platform)).toBe(platform);
    expect(ruleForOwner([], platform)).toBe(platform);
  });
});
