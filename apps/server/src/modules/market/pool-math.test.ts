import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '@reef/contract';
import { formatPercent4, minReceived, poolPrice, quoteSwap } from './pool-math.js';

const reserves = { reserveIn: toUnits('10000'), reserveOut: toUnits('50000') };

describe('constant-product pool math', () => {
  it('prices a trade on the input after fee and rounds the output down', () => {
    const q = quoteSwap(toUnits('100'), reserves, '0.003', '0.5');
    expect(fromUnits(q.fee)).toBe('0.30000000');
    expect(fromUnits(q.burn)).toBe('0.15000000');
    expect(fromUnits(q.poolIn)).toBe('99.85000000');
    // 50000 × 99.7 / 10099.7 = 493.5790171985...
    expect(fromUnits(q.amountOut)).toBe('493.57901719');
    expect(fromUnits(q.priceBefore)).toBe('5.00000000');
    expect(formatPercent4(q.priceImpactBp4)).toBe('0.9871');
  });

  it('never lets k decrease, for tiny, large and odd trades', () => {
    for (const amount of ['0.00000001', '0.1', '1', '123.45678901', '9999', '1000000']) {
      for (const [fee, burn] of [
        ['0', '0'],
        ['0.003', '0.5'],
        ['0.01', '1'],
        ['0.3', '0'],
      ]) {
        const q = quoteSwap(toUnits(amount), reserves, fee!, burn!);
        const kBefore = reserves.reserveIn * reserves.reserveOut;
        const kAfter = (reserves.reserveIn + q.poolIn) * (reserves.reserveOut - q.amountOut);
        expect(kAfter >= kBefore, `${amount} fee ${fee} burn ${burn}`).toBe(true);
        expect(q.amountOut < reserves.reserveOut).toBe(true);
        expect(q.amountOut >= 0n).toBe(true);
      }
    }
  });

  it('gives nothing for dust that the fee and rounding eat', () => {
    expect(quoteSwap(1n, reserves, '0.003', '0.5').amountOut).toBe(4n);
    expect(quoteSwap(1n, { reserveIn: toUnits('50000'), reserveOut: toUnits('10000') }, '0.003', '0').amountOut).toBe(0n);
  });

  it('computes price, slippage floor and percentages exactly', () => {
    expect(fromUnits(poolPrice(toUnits('4'), toUnits('10')))).toBe('2.50000000');
    expect(poolPrice(0n, toUnits('1'))).toBe(0n);
    expect(minReceived(1000n)).toBe(995n);
    expect(formatPercent4(5n)).toBe('0.0005');
    expect(formatPercent4(1_000_000n)).toBe('100.0000');
  });

  it('refuses a non-positive input and an empty pool', () => {
    expect(() => quoteSwap(0n, reserves, '0', '0')).toThrow(RangeError);
    expect(() => quoteSwap(1n, { reserveIn: 0n, reserveOut: 1n }, '0', '0')).toThrow(RangeError);
  });
});
