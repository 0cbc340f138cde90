/**
 * The market's matching rules (decision 053), pure so the property test drives them without a database and
 * the repository's queries can be checked against them.
 *
 * A buy order names a card type and a price band [min, max]. Placing it reserves the most it can cost: max RUSD,
 * the fuel fee at max and the trading points. It is matched to the OLDEST listed card of that type whose price
 * lies in the band and that is not the buyer's own (ties by card id). A match pays the seller their share of
 * the listing price, the platform the rest, burns the fuel fee and trading points actually due, and gives the
 * buyer back everything reserved above that. The seller's and the platform's shares are fixed when the card is
 * listed (`splitSalePrice`), so a fee change reaches only later listings. An order still waiting when its session closes is released in full.
 */
import { buyCosts, type SaleRates, type SaleSplit } from './pricing.js';

export interface PriceBand {
  min: bigint;
  max: bigint;
}

export function inBand(price: bigint, band: PriceBand): boolean {
  return price >= band.min && price <= band.max;
}

export interface MarketCardType extends SaleRates {
  fuelFeeBp: number;
  /** Trading points per market purchase (units). */
  tradePoints: bigint;
}

/** What placing an order holds back from the buyer, per asset (units). */
export interface Reservation {
  rusd: bigint;
  fuel: bigint;
  trade: bigint;
}

export function reservationFor(band: PriceBand, type: MarketCardType): Reservation {
  const most = buyCosts(band.max, type);
  return { rusd: most.price, fuel: most.fuelFee, trade: most.tradePoints };
}

export interface ListedCard {
  cardId: number;
  ownerId: number;
  price: bigint;
  /** When it was listed (ms); the oldest listing in the band is sold first. */
  listedAt: number;
}

/** The listing an order takes: oldest first within the band, never the buyer's own card. */
export function pickListing<T extends ListedCard>(listings: readonly T[], band: PriceBand, buyerId: number): T | undefined {
  return oldest(
    listings,
    (l) => l.ownerId !== buyerId && inBand(l.price, band),
    (l) => l.listedAt,
    (l) => l.cardId,
  );
}

export interface WaitingOrder {
  orderId: number;
  userId: number;
  band: PriceBand;
  /** When it was placed (ms); for a new listing the oldest waiting order whose band holds its price buys it. */
  placedAt: number;
}

/** The waiting order a newly listed card goes to: the oldest whose band holds the price, not the seller's own. */
export function pickOrder<T extends WaitingOrder>(orders: readonly T[], price: bigint, sellerId: number): T | undefined {
  return oldest(
    orders,
    (o) => o.userId !== sellerId && inBand(price, o.band),
    (o) => o.placedAt,
    (o) => o.orderId,
  );
}

/** The oldest of the items `eligible` accepts: the earliest `at`, ties by the lower `id`. */
function oldest<T>(items: readonly T[], eligible: (item: T) => boolean, at: (item: T) => number, id: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (!eligible(item)) continue;
    if (!best || at(item) < at(best) || (at(item) === at(best) && id(item) < id(best))) best = item;
  }
  return best;
}

/** The money of one match, per line (units). Every amount is ≥ 0; the postings are built from it. */
export interface Settlement {
  price: bigint;
  sellerGets: bigint;
  platformFee: bigint;
  fuelFee: bigint;
  tradePoints: bigint;
  /** Back to the buyer from the reservation. */
  refund: Reservation;
}

/**
 * Settles an order against a listing inside its band. The listing fixed the seller's and the platform's shares
 * of its price when it was listed (`sale`); the buyer's costs come from the reservation: price (≤ max), the fuel
 * fee at that price and the trading points, so price + refund = reservation per asset. Were a type's rates raised
 * after the order was placed, the buyer still pays at most what was reserved: the fuel fee and trading points are
 * capped by their reservation.
 */
export function settle(price: bigint, sale: SaleSplit, reserved: Reservation, type: Pick<MarketCardType, 'fuelFeeBp' | 'tradePoints'>): Settlement {
  if (price > reserved.rusd) throw new RangeError('a listing above the band cannot be settled');
  if (sale.sellerGets + sale.platformFee !== price) throw new RangeError('the sale shares must add up to the price');
  const costs = buyCosts(price, type);
  const fuelFee = costs.fuelFee < reserved.fuel ? costs.fuelFee : reserved.fuel;
  const tradePoints = costs.tradePoints < reserved.trade ? costs.tradePoints : reserved.trade;
  return {
    price,
    sellerGets: sale.sellerGets,
    platformFee: sale.platformFee,
    fuelFee,
    tradePoints,
    refund: { rusd: reserved.rusd - price, fuel: reserved.fuel - fuelFee, trade: reserved.trade - tradePoints },
  };
}
