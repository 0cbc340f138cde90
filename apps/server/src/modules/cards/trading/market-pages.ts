/**
 * The market as users read it (decision 053): the live listings with the open sessions, one listing with its
 * type's rules, and a user's buy orders and trade record (every match they were part of, on either side).
 */
import { toUnits, type LanguageCode } from '@reef/contract';
import type { Database } from '../../../db/client.js';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import * as cardsRepo from '../cards.repository.js';
import { cardTypeName, toCardTypeRules, toSessionView } from '../cards.service.js';
import * as repo from '../trading.repository.js';
import { amount, iso, listingView, orderView, pageOffset, typesById } from './views.js';

export async function marketList(
  db: Database,
  query: { page: number; limit: number; type?: number; min_price?: string; max_price?: string; seller?: number },
  language: LanguageCode,
  now = clock.now(),
) {
  const { list, total } = await repo.marketListings(
    db,
    { typeId: query.type, min: query.min_price, max: query.max_price, sellerId: query.seller },
    pageOffset(query),
  );
  const types = await typesById(
    db,
    list.map((l) => l.cardTypeId),
  );
  const sessions = await repo.openSessions(db, now);
  return {
    list: list.map((l) => listingView(l, types.get(l.cardTypeId)!, language)),
    page: query.page,
    limit: query.limit,
    total,
    now: iso(now),
    sessions: sessions.map((s) => toSessionView(s, now)),
  };
}

export async function marketListing(db: Database, listingId: number, language: LanguageCode, now = clock.now()) {
  const listing = await repo.liveListing(db, listingId);
  if (!listing) throw new DomainError('NOT_FOUND');
  const type = (await cardsRepo.findCardType(db, listing.cardTypeId))!;
  const session = await cardsRepo.currentOrNextSession(db, type.id, now);
  return {
    ...listingView(listing, type, language),
    rules: toCardTypeRules(type, language),
    session: session ? toSessionView(session, now) : null,
    now: iso(now),
  };
}

export async function myOrders(db: Database, userId: number, query: { page: number; limit: number; state?: string }, language: LanguageCode) {
  const { list, total } = await repo.orders(db, { buyerId: userId, state: query.state }, pageOffset(query));
  const types = await typesById(
    db,
    list.map((r) => r.order.cardTypeId),
  );
  return { list: list.map((r) => orderView(r, types.get(r.order.cardTypeId)!, language)), page: query.page, limit: query.limit, total };
}

/** Every match the user was part of, newest first: each side sees it (the buyer's costs, the seller's proceeds). */
export async function tradeRecord(db: Database, userId: number, query: { page: number; limit: number; side?: 'buy' | 'sell' }, language: LanguageCode) {
  const { list, total } = await repo.matches(db, { userId, side: query.side }, pageOffset(query));
  const types = await typesById(
    db,
    list.map((m) => m.cardTypeId),
  );
  return {
    list: list.map((m) => {
      const side = m.buyerId === userId ? ('buy' as const) : ('sell' as const);
      return {
        match_id: m.id,
        side,
        card_id: m.cardId,
        card_type_id: m.cardTypeId,
        name: cardTypeName(types.get(m.cardTypeId)!, language),
        price: amount(toUnits(m.price)),
        platform_fee: amount(toUnits(m.platformFee)),
        seller_obtained: amount(toUnits(m.sellerObtained)),
        fuel_fee: amount(toUnits(m.fuelFee)),
        trade_points: amount(toUnits(m.tradePoints)),
        counterparty: side === 'buy' ? m.sellerId : m.buyerId,
        created_at: iso(m.createdAt),
      };
    }),
    page: query.page,
    limit: query.limit,
    total,
  };
}
