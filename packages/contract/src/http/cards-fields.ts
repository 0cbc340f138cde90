/** The field schemas the cards contract's requests share (prices, rates, days, caps). */
import * as z from 'zod/mini';
import { MAX_REQUEST_INTEGER_DIGITS, normalizeAmount, toUnits } from '../money.js';

export const instant = z.iso.datetime({ offset: true });
/** Basis points of a price: 0..10000. */
export const basisPoints = z.int().check(z.gte(0)).check(z.lte(10_000));
/** The price step may exceed 100 % (a card that doubles per resale): up to 1000 %. */
export const stepBasisPoints = z.int().check(z.gte(0)).check(z.lte(100_000));
export const days = z.int().check(z.gte(0)).check(z.lte(3650));
export const perUserCap = z.int().check(z.gte(1)).check(z.lte(1_000_000));
export const stock = z.int().check(z.gte(0)).check(z.lte(10_000_000));
/**
 * A card price in a request: RUSD in whole cents (at most 2 decimals; card prices move in cents, decision 053),
 * greater than zero, below 10^18; parsed to the 8-place spelling like every amount.
 */
export const cardPrice = z.pipe(
  z
    .string()
    .check(z.maxLength(MAX_REQUEST_INTEGER_DIGITS + 3))
    .check(z.regex(new RegExp(`^\\d{1,${MAX_REQUEST_INTEGER_DIGITS}}(\\.\\d{1,2})?$`)))
    .check(z.refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' })),
  z.transform(normalizeAmount),
);

/** An amount's units, 0 for one that failed its own field check (see `notAbove`). */
export function toUnitsOrZero(a: string): bigint {
  try {
    return toUnits(a);
  } catch {
    return 0n;
  }
}
/**
 * a ≤ b for two request amounts. An object's refinement also runs when a field already failed its own check;
 * then the field's error is the one that counts, so an unreadable amount passes here.
 */
export function notAbove(a: string, b: string): boolean {
  try {
    return toUnits(a) <= toUnits(b);
  } catch {
    return true;
  }
}
