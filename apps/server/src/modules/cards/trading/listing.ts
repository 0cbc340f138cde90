/**
 * Selling a card (decisions 053, 060): the listing preview, listing (hanging) a warehouse card at its next step
 * price, taking it off sale, auto-sell, and the seller's list of sales. A listing made while its type's session is
 * open is sold at once to the oldest waiting order whose band holds its price.
 */
import { toUnits, type LanguageCode } from '@reef/contract';
import type { Database, Transaction } from '../../../db/client.js';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import { recordEvent } from '../../events/events.service.js';
import * as cardsRepo from '../cards.repository.js';
import type { CardRow } from '../cards.repository.js';
import { toSessionView } from '../cards.service.js';
import { listingProblem } from '../eligibility.js';
import { nextStepPrice, splitSalePrice } from '../pricing.js';
import * as repo from '../trading.repository.js';
import { enterBook, settleMatch, type Book } from './matching-settlement.js';
import { amount, iso, marketType, pageOffset, rulesCard, saleView, typesById } from './views.js';

export async function previewListing(db: Database, userId: number, cardId: number, now = clock.now()) {
  const card = await repo.cardById(db, cardId);
  if (!card || card.ownerId !== userId) throw new DomainError('NOT_FOUND');
  const type = (await cardsRepo.findCardType(db, card.cardTypeId))!;
  const listPrice = nextStepPrice(toUnits(card.price), type.priceStepBp);
  const sale = splitSalePrice(listPrice, marketType(type));
  const problem = listingProblem(rulesCard(card), userId, now.getTime());
  const session = await cardsRepo.currentOrNextSession(db, type.id, now);
  return {
    card_id: card.id,
    card_type_id: card.cardTypeId,
    price: amount(toUnits(card.price)),
    list_price: amount(listPrice),
    platform_fee: amount(sale.platformFee),
    obtainable: amount(sale.sellerGets),
    platform_fee_bp: type.platformFeeBp,
    obtainable_bp: type.obtainableBp,
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    listable: problem === null,
    refusal: problem === 'NOT_FOUND' ? null : problem,
    session: session ? toSessionView(session, now) : null,
    now: iso(now),
  };
}

/**
 * Puts a locked warehouse card on sale at its next step price, then, while its session is open, sells it to the
 * oldest waiting order whose band holds that price. Answers the listing and the match (if any).
 */
export async function putOnSale(tx: Transaction, book: Book, card: CardRow, auto: boolean, now: Date) {
  const price = nextStepPrice(toUnits(card.price), book.type.priceStepBp);
  const sale = splitSalePrice(price, marketType(book.type));
  const listing = await repo.insertListing(tx, {
    cardId: card.id,
    cardTypeId: card.cardTypeId,
    sellerId: card.ownerId,
    cardPrice: card.price,
    price: amount(price),
    platformFee: amount(sale.platformFee),
    obtainable: amount(sale.sellerGets),
    auto,
    state: 'listed',
    listedAt: now,
  });
  await repo.updateCard(tx, card.id, { state: 'listed', updatedAt: now });
  await repo.insertHistory(tx, [{ cardId: card.id, event: auto ? 'auto_listed' : 'listed', ownerId: card.ownerId, price: listing.price, createdAt: now }]);
  await recordEvent(tx, {
    type: 'card.listed',
    user_id: card.ownerId,
    card_id: card.id,
    listing_id: listing.id,
    card_type_id: card.cardTypeId,
    price: amount(price),
    auto,
  });
  let matchId: number | null = null;
  if (book.session) {
    const order = await repo.oldestOrderForPrice(tx, book.session.id, card.cardTypeId, listing.price, card.ownerId);
    if (order) matchId = (await settleMatch(tx, { book, session: book.session, order, listing, now })).id;
  }
  return { listing, matchId };
}

export async function listCard(db: Database, userId: number, cardId: number, language: LanguageCode, now = clock.now()) {
  const seen = await repo.cardById(db, cardId);
  if (!seen || seen.ownerId !== userId) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const book = await enterBook(tx, seen.cardTypeId, now);
    const card = await repo.lockCard(tx, cardId);
    const problem = listingProblem(card && rulesCard(card), userId, now.getTime());
    if (problem) throw new DomainError(problem);
    const { listing, matchId } = await putOnSale(tx, book, card!, false, now);
    const stored = matchId === null ? listing : { ...listing, state: 'sold', endedAt: now };
    return saleView(stored, matchId, book.type, new Set(book.session ? [book.type.id] : []), language);
  });
}

/**
 * The seller takes their live listing of a card off the market (decision 060): the listing ends `withdrawn`, the
 * card goes back to the warehouse with auto-sell off (the seller chose to keep it). Under the type's book, like
 * every match: a withdrawal waits for a match in flight and then finds the card sold (CARD_ALREADY_MATCHED), and
 * a match that comes after finds no listing. Its deadline does not move: a card past `list_by` is listed again at
 * the next session's opening unless renewed in time.
 */
export async function withdrawListing(db: Database, userId: number, cardId: number, language: LanguageCode, now = clock.now()) {
  const seen = await repo.cardById(db, cardId);
  if (!seen) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const book = await enterBook(tx, seen.cardTypeId, now);
    const listing = await repo.lockLiveListingOfCard(tx, cardId);
    const card = (await repo.lockCard(tx, cardId))!;
    if (card.ownerId !== userId) {
      // The seller whose listing a buyer got first learns that (it was their card); anyone else learns nothing.
      if ((await repo.lastListingBySeller(tx, cardId, userId))?.state === 'sold') throw new DomainError('CARD_ALREADY_MATCHED');
      throw new DomainError('NOT_FOUND');
    }
    if (!listing || card.state !== 'listed') throw new DomainError('CARD_NOT_LISTED');
    await repo.updateListing(tx, listing.id, { state: 'withdrawn', endedAt: now });
    await repo.updateCard(tx, card.id, { state: 'warehouse', autoSell: false, updatedAt: now });
    await repo.insertHistory(tx, [{ cardId: card.id, event: 'withdrawn', ownerId: userId, price: card.price, createdAt: now }]);
    await recordEvent(tx, { type: 'card.withdrawn', user_id: userId, card_id: card.id, listing_id: listing.id, card_type_id: card.cardTypeId });
    return saleView({ ...listing, state: 'withdrawn', endedAt: now }, null, book.type, new Set(book.session ? [book.type.id] : []), language);
  });
}

export async function setAutoSell(db: Database, userId: number, cardId: number, auto: boolean, now = clock.now()) {
  return db.transaction(async (tx) => {
    const card = await repo.lockCard(tx, cardId);
    if (!card || card.ownerId !== userId) throw new DomainError('NOT_FOUND');
    if (card.state === 'split') throw new DomainError('CARD_NOT_IN_WAREHOUSE');
    if (card.autoSell !== auto) {
      await repo.updateCard(tx, card.id, { autoSell: auto, updatedAt: now });
      await repo.insertHistory(tx, [{ cardId: card.id, event: auto ? 'auto_sell_on' : 'auto_sell_off', ownerId: userId, price: card.price, createdAt: now }]);
      await recordEvent(tx, { type: 'card.auto_set', user_id: userId, card_id: card.id, auto_sell: auto });
    }
    return { card_id: card.id, auto_sell: auto };
  });
}

export async function mySales(
  db: Database,
  userId: number,
  query: { page: number; limit: number; state?: 'not_started' | 'on_sale' | 'ended' },
  language: LanguageCode,
  now = clock.now(),
) {
  const openTypes = new Set((await repo.openSessions(db, now)).map((s) => s.cardTypeId));
  const filter: repo.SaleFilter =
    query.state === undefined
      ? { kind: 'all' }
      : query.state === 'ended'
        ? { kind: 'ended' }
        : query.state === 'on_sale'
          ? { kind: 'live', typesIn: [...openTypes] }
          : { kind: 'live', typesNotIn: [...openTypes] };
  const { list, total } = await repo.sellerListings(db, userId, filter, pageOffset(query));
  const types = await typesById(
    db,
    list.map((r) => r.listing.cardTypeId),
  );
  return {
    list: list.map((r) => saleView(r.listing, r.matchId, types.get(r.listing.cardTypeId)!, openTypes, language)),
    page: query.page,
    limit: query.limit,
    total,
  };
}
