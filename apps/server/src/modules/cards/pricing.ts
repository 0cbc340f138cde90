/**
 * The card market's arithmetic (decision 053), in ledger units (1 = 10^-8) and basis points, never JS numbers.
 * A card's price moves in cents: each resale lifts it by the type's step, rounded down to a cent and at least
 * one cent, so a price can always be typed into the market's price band and read back exactly. Fees are rates
 * of a price at the ledger's full eight places, truncated: the platform never takes more than its rate.
 */
import { UNIT } from '@reef/contract';

/** 100 % in basis points. */
export const BP_SCALE = 10_000n;
/** Card prices carry two decimals: a cent is 10^6 units. */
export const PRICE_DECIMALS = 2;
export const PRICE_TICK = UNIT / 10n ** BigInt(PRICE_DECIMALS);

/** `units × bp / 10000`, truncated toward zero. */
export function applyBp(units: bigint, bp: number | bigint): bigint {
  return (units * BigInt(bp)) / BP_SCALE;
}

/** Whether an amount is a whole number of cents (a valid card price). */
export function isPriceTick(units: bigint): boolean {
  return units % PRICE_TICK === 0n;
}

/** Rounds down to a cent. */
export function floorToTick(units: bigint): bigint {
  return units - (units % PRICE_TICK);
}

/**
 * The price a card is listed at: its price lifted by `stepBp`, rounded down to a cent; with a positive step it
 * rises by at least a cent, so a cheap card still appreciates.
 */
export function nextStepPrice(price: bigint, stepBp: number): bigint {
  const lifted = floorToTick(price + applyBp(price, stepBp));
  return stepBp > 0 && lifted <= price ? price + PRICE_TICK : lifted;
}

export interface SaleRates {
  /** The platform's fee on a sale, basis points of the price. */
  platformFeeBp: number;
  /** What the seller obtains, basis points of the price; null = 10000 − platform fee. */
  obtainableBp: number | null;
}

export interface SaleSplit {
  /** RUSD the seller receives. */
  sellerGets: bigint;
  /** RUSD the platform keeps: the rest of the price, so the two always add up to it. */
  platformFee: bigint;
}

/**
 * How a sale's price divides: the seller obtains their rate of it (truncated) and the platform keeps the
 * remainder, so seller + platform = price to the unit. The obtainable rate is capped by what the fee leaves.
 */
export function splitSalePrice(price: bigint, rates: SaleRates): SaleSplit {
  const leftByFee = Number(BP_SCALE) - rates.platformFeeBp;
  const obtainableBp = Math.max(0, Math.min(rates.obtainableBp ?? leftByFee, leftByFee));
  const sellerGets = applyBp(price, obtainableBp);
  return { sellerGets, platformFee: price - sellerGets };
}

export interface BuyCosts {
  /** The price in the card's currency (RUSD). */
  price: bigint;
  /** Fuel points: the type's fuel rate of the price. */
  fuelFee: bigint;
  /** Trading points: a fixed amount per market purchase. */
  tradePoints: bigint;
}

export function buyCosts(price: bigint, type: { fuelFeeBp: number; tradePoints: bigint }): BuyCosts {
  return { price, fuelFee: applyBp(price, type.fuelFeeBp), tradePoints: type.tradePoints };
}

/** The renewal fee: the type's renewal rate of the card's price. */
export function renewalFee(price: bigint, renewalFeeBp: number): bigint {
  return applyBp(price, renewalFeeBp);
}
