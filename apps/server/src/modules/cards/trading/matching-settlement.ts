/**
 * The matching book and one match's settlement (decisions 053, 054). The rules are the pure `../matching.ts`;
 * this file applies them to the rows under the market's locks, always taken in this order: the type's open
 * session (share), the type's matching book (advisory), cards / listings / orders (rows, the engine's with SKIP
 * LOCKED), then ledger accounts (in account-id order, all of a transaction's at once). Every room of the market
 * that sells or buys enters the book here first.
 */
import { toUnits } from '@reef/contract';
import type { Transaction } from '../../../db/client.js';
import { DomainError } from '../../../core/errors.js';
import { recordEvent } from '../../events/events.service.js';
import { balanceKey, postEntry, type PostingInput } from '../../ledger/ledger.service.js';
import * as cardsRepo from '../cards.repository.js';
import type { CardSessionRow, CardTypeRow } from '../cards.repository.js';
import { settle } from '../matching.js';
import * as repo from '../trading.repository.js';
import { reservationOf } from './ledger-lines.js';
import { splitIfDue } from './order-split.js';
import { amount, marketType } from './views.js';

const DAY_MS = 86_400_000;

export interface Book {
  type: CardTypeRow;
  /** The type's open session, share-locked; null when none is open. */
  session: CardSessionRow | null;
}

/** Takes the type's open session (share) and its matching book, in that order (see the file's lock order). */
export async function enterBook(tx: Transaction, typeId: number, now: Date): Promise<Book> {
  const type = await cardsRepo.findCardType(tx, typeId);
  if (!type) throw new DomainError('NOT_FOUND');
  const session = (await repo.shareOpenSession(tx, typeId, now)) ?? null;
  await repo.lockBook(tx, typeId);
  return { type, session };
}

interface MatchInput {
  book: Book;
  session: CardSessionRow;
  order: repo.OrderRow;
  listing: repo.ListingRow;
  now: Date;
}

/** The journal lines of one match: the price out of the reservation to the seller and `fees`, the costs to `burned`, the rest back. */
function matchLines(listing: repo.ListingRow, order: repo.OrderRow, type: CardTypeRow) {
  const price = toUnits(listing.price);
  const reserved = reservationOf(order);
  const s = settle(price, { sellerGets: toUnits(listing.obtainable), platformFee: price - toUnits(listing.obtainable) }, reserved, marketType(type));
  const memo = `card ${listing.cardId}`;
  const buyerId = order.buyerId;
  const lines: PostingInput[] = [
    { account: { system: 'cards_escrow', asset: 'rusd' }, amount: -reserved.rusd, kind: 'card_purchase', memo },
    { account: { userId: listing.sellerId, asset: 'rusd' }, amount: s.sellerGets, kind: 'card_sale', memo },
    { account: { system: 'fees', asset: 'rusd' }, amount: s.platformFee, kind: 'card_fee', memo },
    { account: { userId: buyerId, asset: 'rusd' }, amount: s.refund.rusd, kind: 'card_refund', memo },
  ];
  if (reserved.fuel > 0n) {
    lines.push(
      { account: { system: 'cards_escrow', asset: 'fuel' }, amount: -reserved.fuel, kind: 'card_fuel_fee', memo },
      { account: { system: 'burned', asset: 'fuel' }, amount: s.fuelFee, kind: 'card_fuel_fee', memo },
      { account: { userId: buyerId, asset: 'fuel' }, amount: s.refund.fuel, kind: 'card_refund', memo },
    );
  }
  if (reserved.trade > 0n) {
    lines.push(
      { account: { system: 'cards_escrow', asset: 'trade' }, amount: -reserved.trade, kind: 'card_trade_points', memo },
      { account: { system: 'burned', asset: 'trade' }, amount: s.tradePoints, kind: 'card_trade_points', memo },
      { account: { userId: buyerId, asset: 'trade' }, amount: s.refund.trade, kind: 'card_refund', memo },
    );
  }
  return { price, settled: s, memo, lines: lines.filter((l) => l.amount !== 0n) };
}

/**
 * One match: one journal entry moves the money out of the order's reservation (the seller's share to the seller,
 * the rest of the price to `fees`, the fuel fee and trading points to `burned`, the unused reservation back to the
 * buyer), and the same transaction moves the card to the buyer at the listing price, restarts its holding time,
 * ends the listing and the order, writes the match, the card's history and the event, then splits the card when
 * its new price calls for it.
 */
export async function settleMatch(tx: Transaction, { book, session, order, listing, now }: MatchInput) {
  const { type } = book;
  const card = (await repo.lockCard(tx, listing.cardId))!;
  const buyerId = order.buyerId;
  const sellerId = listing.sellerId;
  const { price, settled: s, memo, lines } = matchLines(listing, order, type);
  const posted = await postEntry(tx, { kind: 'card_purchase', memo, actorId: buyerId, postings: lines });
  const holdUntil = new Date(now.getTime() + type.holdDays * DAY_MS);
  const listBy = new Date(holdUntil.getTime() + type.listWindowDays * DAY_MS);
  await repo.updateListing(tx, listing.id, { state: 'sold', endedAt: now });
  await repo.updateOrder(tx, order.id, { state: 'completed', endedAt: now });
  const match = await repo.insertMatch(tx, {
    listingId: listing.id,
    orderId: order.id,
    cardId: card.id,
    cardTypeId: type.id,
    sessionId: session.id,
    sellerId,
    buyerId,
    price: amount(price),
    platformFee: amount(s.platformFee),
    sellerObtained: amount(s.sellerGets),
    fuelFee: amount(s.fuelFee),
    tradePoints: amount(s.tradePoints),
    entryId: posted.entryId,
    createdAt: now,
  });
  await repo.updateCard(tx, card.id, {
    ownerId: buyerId,
    price: amount(price),
    purchasePrice: amount(price),
    purchasedAt: now,
    fuelFee: amount(s.fuelFee),
    origin: 'market',
    sessionId: session.id,
    state: 'warehouse',
    holdUntil,
    listBy,
    autoSell: false,
    updatedAt: now,
  });
  await repo.insertHistory(tx, [
    { cardId: card.id, event: 'matched', ownerId: buyerId, counterpartyId: sellerId, price: amount(price), entryId: posted.entryId, createdAt: now },
  ]);
  await recordEvent(tx, {
    type: 'card.matched',
    user_id: buyerId,
    entry_id: posted.entryId,
    match_id: match.id,
    order_id: order.id,
    listing_id: listing.id,
    card_id: card.id,
    card_type_id: type.id,
    session_id: session.id,
    seller_id: sellerId,
    price: amount(price),
    platform_fee: amount(s.platformFee),
    seller_obtained: amount(s.sellerGets),
    fuel_fee: amount(s.fuelFee),
    trade_points: amount(s.tradePoints),
  });
  await splitIfDue(tx, { ...card, ownerId: buyerId, price: amount(price), holdUntil, listBy }, type, now);
  return { id: match.id, cardId: card.id, price: match.price, buyerRusd: posted.userBalances.get(balanceKey(buyerId, 'rusd')) ?? null };
}
