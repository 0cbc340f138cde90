import { isBelow } from '../../../lib/balance-after';

/**
 * Whether listing a card would bring back less RUSD than the card cost (issue 25 §7, decision 113): what the seller
 * obtains (the listing price less the platform fee) against the RUSD price paid. The fuel points paid on top are in
 * another asset with no RUSD price, so they are named in the warning but not converted; a listing that only just
 * covers the RUSD price therefore still loses the fuel fee, which the sheet always shows beside the price paid.
 */
export function listingBelowCost(obtainable: string, purchasePrice: string): boolean {
  return isBelow(obtainable, purchasePrice);
}
