/**
 * Exact decimal amounts as bigint fixed-point with 8 decimal places ("units").
 * Money never passes through a JS number: a float cannot hold 0.1 exactly, and a
 * balance shown to users and operators must add up to the last unit.
 */
import { AMOUNT_SCALE } from './constants.js';

export const UNIT = 10n ** BigInt(AMOUNT_SCALE);
/** numeric(38, 8): at most 30 integer digits. */
export const MAX_INTEGER_DIGITS = 30;
/**
 * An amount in a request is below 10^18 (at most 18 integer digits; decision 036): far above any real sum, and
 * a million such amounts still fit the column, so balances, pool reserves and journal sums have headroom.
 * A balance that would still pass the column is refused by the ledger (BALANCE_LIMIT_EXCEEDED).
 */
export const MAX_REQUEST_INTEGER_DIGITS = 18;

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

export class AmountFormatError extends Error {}

/** Parses "12.5" / "-0.00000001" into units. Throws on anything that is not an exact decimal within scale. */
export function toUnits(value: string): bigint {
  const match = DECIMAL_RE.exec(value);
  if (!match) throw new AmountFormatError(`not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > AMOUNT_SCALE) throw new AmountFormatError(`more than ${AMOUNT_SCALE} decimals`);
  if (whole.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) throw new AmountFormatError('too large');
  const units = BigInt(whole) * UNIT + BigInt(fraction.padEnd(AMOUNT_SCALE, '0'));
  return sign ? -units : units;
}

/** Formats units as a plain decimal string with exactly `decimals` places (truncating, never rounding up). */
export function fromUnits(units: bigint, decimals: number = AMOUNT_SCALE): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNIT;
  let fraction = (abs % UNIT).toString().padStart(AMOUNT_SCALE, '0').slice(0, decimals);
  if (decimals === 0) fraction = '';
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  const isZero = /^[0.]+$/.test(text);
  return negative && !isZero ? `-${text}` : text;
}

/** Canonical 8-place form, e.g. "1.5" → "1.50000000". */
export function normalizeAmount(value: string): string {
  return fromUnits(toUnits(value));
}

/** For display: `decimals` places (4 by default), thousands separators off, truncated. */
export function formatAmount(value: string, decimals = 4): string {
  return fromUnits(toUnits(value), decimals);
}

/** fee = amount × rate, truncated to 8 places; rate is a decimal string such as "0.01". */
export function applyRate(amountUnits: bigint, rate: string): bigint {
  return (amountUnits * toUnits(rate)) / UNIT;
}
