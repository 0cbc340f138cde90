import { fromUnits, toUnits } from '@reef/contract';

/**
 * What a buy order sets aside (trading/order, before the button): the highest price it accepts in RUSD, the fuel
 * fee at that price in fuel points, and the type's trading points — all given back in part at the match (what the
 * real price did not need) and in full if the session ends unmatched. Exact, at the ledger's 8 places, truncated
 * as the server truncates a fee.
 */
export interface Reservation {
  rusd: string;
  fuel: string;
  trade: string;
}

export function fuelFeeAt(price: string, fuelFeeBp: number): string {
  return fromUnits((toUnits(price) * BigInt(fuelFeeBp)) / 10_000n);
}

export function orderReservation(maxPrice: string, fuelFeeBp: number, tradePoints: string): Reservation {
  return { rusd: fromUnits(toUnits(maxPrice)), fuel: fuelFeeAt(maxPrice, fuelFeeBp), trade: fromUnits(toUnits(tradePoints)) };
}
