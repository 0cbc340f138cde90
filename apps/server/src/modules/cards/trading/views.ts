/**
 * What the market's answers look like (decision 053): a listing as the market, its seller and the list of sales
 * show it, a buy order, and the rows the pure rules (`../matching.ts`, `../eligibility.ts`) read. No queries but
 * the types of a page's rows, read in one go.
 */
import { fromUnits, toUnits, type LanguageCode } from '@reef/contract';
import type { Executor } from '../../../db/client.js';
import { cardTypeName } from '../cards.service.js';
import type { CardRow, CardTypeRow } from '../cards.repository.js';
import type { CardForRules, CardState } from '../eligibility.js';
import type { MarketCardType } from '../matching.js';
import * as repo from '../trading.repository.js';

export const iso = (d: Date) => d.toISOString();
export const amount = (units: bigint) => fromUnits(units);

/** The rows of page `page` of a list query, `limit` a page. */
export const pageOffset = (query: { page: number; limit: number }) => ({ limit: query.limit, offset: (query.page - 1) * query.limit });

export function marketType(type: CardTypeRow): MarketCardType {
  return { platformFeeBp: type.platformFeeBp, obtainableBp: type.obtainableBp, fuelFeeBp: type.fuelFeeBp, tradePoints: toUnits(type.tradePoints) };
}

export function rulesCard(card: CardRow): CardForRules {
  return {
    ownerId: card.ownerId,
    state: card.state as CardState,
    holdUntil: card.holdUntil.getTime(),
    listBy: card.listBy.getTime(),
    autoSell: card.autoSell,
  };
}

export async function typesById(db: Executor, ids: number[]): Promise<Map<number, CardTypeRow>> {
  return new Map((await repo.cardTypesByIds(db, ids)).map((t) => [t.id, t]));
}

/** What every view of a listing starts with: which listing, which card, and the type's name and art. */
function listingHead(listing: repo.ListingRow, type: CardTypeRow, language: LanguageCode) {
  return {
    listing_id: listing.id,
    card_id: listing.cardId,
    card_type_id: listing.cardTypeId,
    name: cardTypeName(type, language),
    image: type.image,
  };
}

/** A listing as its seller sees it: on sale while its type's session is open, else not started, or ended. */
export function saleView(listing: repo.ListingRow, matchId: number | null, type: CardTypeRow, openTypes: ReadonlySet<number>, language: LanguageCode) {
  const live = listing.state === 'listed';
  return {
    ...listingHead(listing, type, language),
    card_price: amount(toUnits(listing.cardPrice)),
    price: amount(toUnits(listing.price)),
    platform_fee: amount(toUnits(listing.platformFee)),
    obtainable: amount(toUnits(listing.obtainable)),
    auto: listing.auto,
    state: (live ? (openTypes.has(listing.cardTypeId) ? 'on_sale' : 'not_started') : 'ended') as 'on_sale' | 'not_started' | 'ended',
    outcome: live ? null : (listing.state as 'sold' | 'withdrawn'),
    listed_at: iso(listing.listedAt),
    ended_at: listing.endedAt ? iso(listing.endedAt) : null,
    match_id: matchId,
  };
}

/** An order with its match (card and price) once completed. */
export interface OrderWithMatch {
  order: repo.OrderRow;
  matchId: number | null;
  cardId: number | null;
  price: string | null;
}

export function orderView(row: OrderWithMatch, type: CardTypeRow, language: LanguageCode) {
  const o = row.order;
  return {
    id: o.id,
    card_type_id: o.cardTypeId,
    name: cardTypeName(type, language),
    session_id: o.sessionId,
    min_price: amount(toUnits(o.minPrice)),
    max_price: amount(toUnits(o.maxPrice)),
    reserved_rusd: amount(toUnits(o.reservedRusd)),
    reserved_fuel: amount(toUnits(o.reservedFuel)),
    reserved_trade: amount(toUnits(o.reservedTrade)),
    state: o.state as 'waiting' | 'completed' | 'released' | 'cancelled',
    match_id: row.matchId,
    card_id: row.cardId,
    price: row.price === null ? null : amount(toUnits(row.price)),
    created_at: iso(o.createdAt),
    ended_at: o.endedAt ? iso(o.endedAt) : null,
  };
}

/** A live listing as buyers see it, with what buying it costs on top of the price. */
export function listingView(listing: repo.ListingRow, type: CardTypeRow, language: LanguageCode) {
  const price = toUnits(listing.price);
  return {
    ...listingHead(listing, type, language),
    seller: listing.sellerId,
    price: amount(price),
    fuel_fee: amount((price * BigInt(type.fuelFeeBp)) / 10_000n),
    trade_points: amount(toUnits(type.tradePoints)),
    listed_at: iso(listing.listedAt),
  };
}
