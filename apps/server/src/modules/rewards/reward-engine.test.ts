import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { capped, endOfUtcDay, purchaseRewards, utcDay, type RateAt } from './reward-engine.js';

// Performance L1 0.02, L2 0.04, L3 0.06; same-level 0.1; no direct or indirect rates, so only those two kinds show.
const rates: RateAt = (rule, _generation, level) => {
  if (rule === 'performance') return ['0', '0.02', '0.04', '0.06'][level] ?? '0';
  if (rule === 'same_level') return '0.10000000';
  return '0';
};
const shape = (base: string, levels: number[]) =>
  purchaseRewards(
    toUnits(base),
    levels.map((level, i) => ({ id: i + 1, depth: i + 1, level })),
    rates,
  ).map((c) => [c.kind, c.beneficiaryId, c.rate, c.computed]);

describe('purchaseRewards', () => {
  it('pays the level differential up the path and nothing to a level already paid for', () => {
    // Levels up the path 1, 1, 3, 2: 100 × 0.02 = 2; same-level 2 × 0.1 = 0.2; 0.06 − 0.02 = 0.04 → 4; L2 below the 0.06 paid → nothing.
    expect(shape('100', [1, 1, 3, 2])).toEqual([
      ['performance', 1, '0.02000000', toUnits('2')],
      ['same_level', 2, '0.10000000', toUnits('0.2')],
      ['performance', 3, '0.04000000', toUnits('4')],
    ]);
  });

  it('blocks the same-level bonus behind a higher level, and pays it once per earner', () => {
    // 1 (L2) earns 100 × 0.04 = 4; 2 (L3) earns 0.02 → 2 and is the earner now; 3 (L2) is not L3 → nothing; 4 (L3) → 2 × 0.1 = 0.2; 5 (L3) → none.
    expect(shape('100', [2, 3, 2, 3, 3])).toEqual([
      ['performance', 1, '0.04000000', toUnits('4')],
      ['performance', 2, '0.02000000', toUnits('2')],
      ['same_level', 4, '0.10000000', toUnits('0.2')],
    ]);
  });

  it('leaves out a reward that truncates to nothing', () => {
    // 0.00000010 × 0.02 = 0.000000002 → 0 at 8 places.
    expect(shape('0.0000001', [1])).toEqual([]);
  });
});

describe('capped', () => {
  it('cuts to the tighter cap and names it', () => {
    expect(capped(100n, 200n, 300n)).toEqual({ amount: 100n, cap: null });
    expect(capped(100n, 30n, 50n)).toEqual({ amount: 30n, cap: 'user_day' });
    expect(capped(100n, 80n, 50n)).toEqual({ amount: 50n, cap: 'kind_share' });
    expect(capped(100n, -5n, 50n)).toEqual({ amount: 0n, cap: 'user_day' });
  });
});

describe('UTC days', () => {
  it('names the day and its end', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(endOfUtcDay('2026-11-27').toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});
