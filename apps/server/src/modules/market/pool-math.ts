/**
 * Constant-product pool arithmetic in bigint units (10⁻⁸). Pure: no database, no clock.
 *
 * A trade of `amountIn` pays `fee = amountIn × feeRate`; `burn = fee × burnShare` leaves circulation, the
 * rest of the fee stays in the pool. The output is priced on `amountIn − fee` and rounded down, so the
 * product of the reserves never decreases: (rIn + amountIn − burn)(rOut − out) ≥ rIn·rOut.
 */
import { UNIT, applyRate } from '@reef/contract';

export interface Reserves {
  reserveIn: bigint;
  reserveOut: bigint;
}

export interface SwapQuote {
  amountIn: bigint;
  fee: bigint;
  burn: bigint;
  amountOut: bigint;
  /** What the pool keeps of the input: amountIn − burn. */
  poolIn: bigint;
  /** out per in before the trade, in units. */
  priceBefore: bigint;
  /** Percentage × 10⁴ (e.g. 12345 = 1.2345 %): how much worse than the pre-trade price this trade fills. */
  priceImpactBp4: bigint;
}

export function quoteSwap(amountIn: bigint, reserves: Reserves, feeRate: string, burnShare: string): SwapQuote {
  const { reserveIn, reserveOut } = reserves;
  if (amountIn <= 0n) throw new RangeError('amountIn must be positive');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('empty pool');
  const fee = applyRate(amountIn, feeRate);
  const burn = applyRate(fee, burnShare);
  const effectiveIn = amountIn - fee;
  const amountOut = (reserveOut * effectiveIn) / (reserveIn + effectiveIn);
  const priceBefore = (reserveOut * UNIT) / reserveIn;
  // Impact relative to the pre-trade price, fee excluded: effectiveIn / (reserveIn + effectiveIn).
  const priceImpactBp4 = (effectiveIn * 1_000_000n) / (reserveIn + effectiveIn);
  return { amountIn, fee, burn, amountOut, poolIn: amountIn - burn, priceBefore, priceImpactBp4 };
}

/** Quote per base, in units. */
export function poolPrice(reserveBase: bigint, reserveQuote: bigint): bigint {
  return reserveBase === 0n ? 0n : (reserveQuote * UNIT) / reserveBase;
}

/** Percentage with 4 places from a ×10⁴ integer. */
export function formatPercent4(value: bigint): string {
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0');
  return `${whole}.${fraction}`;
}

/** The default slippage tolerance the quote's `min_received` allows: 0.5 %. */
export function minReceived(amountOut: bigint): bigint {
  return (amountOut * 995n) / 1000n;
}
