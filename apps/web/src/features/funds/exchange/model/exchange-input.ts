import { fromUnits, toUnits, type AssetKey } from '@reef/contract';
import { trimAmount, formatGroupedAmount } from '../../../../lib/amount-format';
import { checkAmount, normalizeAmountInput } from '../../shared/model/amount-input';

export interface ExchangeDirection {
  from: AssetKey;
  to: AssetKey;
}

/** The flash exchange trades USDT and the platform coin, either way (spec §1). */
export const BUY_COIN: ExchangeDirection = { from: 'usdt', to: 'coin' };
export const SELL_COIN: ExchangeDirection = { from: 'coin', to: 'usdt' };

/** `?from=coin` opens the page selling the coin; anything else buys it. */
export function directionFromParam(from: string | null): ExchangeDirection {
  return from === SELL_COIN.from ? SELL_COIN : BUY_COIN;
}

export function reverse(direction: ExchangeDirection): ExchangeDirection {
  return direction.from === BUY_COIN.from ? SELL_COIN : BUY_COIN;
}

/** The amount to quote: the normalized input when it is a valid amount, else null (no call). */
export function quotableAmount(rawAmount: string): string | null {
  return checkAmount(rawAmount) === null ? normalizeAmountInput(rawAmount) : null;
}

/** True when a valid amount is more than the balance; false while either is unknown or invalid. */
export function exceedsBalance(rawAmount: string, balance: string | undefined): boolean {
  const amount = quotableAmount(rawAmount);
  if (amount === null || balance === undefined) return false;
  try {
    return toUnits(amount) > toUnits(balance);
  } catch {
    return false;
  }
}

/**
 * The min_out to send: the quote's minimum received, or the smallest unit when the 0.5 % tolerance
 * truncates a tiny output to zero (the contract takes positive amounts only).
 */
export function minOutFor(minReceived: string): string {
  return toUnits(minReceived) > 0n ? minReceived : fromUnits(1n);
}

/** A price impact (percent, 4 places) of 5 % or more is shown as a warning. */
export const HIGH_PRICE_IMPACT_PERCENT = '5';

export function isHighPriceImpact(priceImpact: string): boolean {
  try {
    return toUnits(priceImpact) >= toUnits(HIGH_PRICE_IMPACT_PERCENT);
  } catch {
    return false;
  }
}

/** A rate to 4 places, or every place it has when it is below 0.0001: "0.19960000" → "0.1996", "0.00001234" → "0.00001234". */
export function formatRate(price: string): string {
  return /^0\.0000/.test(price) ? trimAmount(price) : formatGroupedAmount(price);
}
