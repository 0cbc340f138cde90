/**
 * My cards (decision 050): the cards a user holds and the ones they sold, newest first, and one card with its whole
 * history, where owners other than the reader are shown as "#1", "#2"… in the order they first appear.
 */
import { fromUnits, toUnits, type CardHistoryLine, type LanguageCode, type MyCard } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Database } from '../../db/client.js';
import { cardTypeName, isoWeekday, saleOf, toCardTypeRules } from './cards.service.js';
import * as repo from './cards.repository.js';
import { nextStepPrice } from './pricing.js';

const iso = (d: Date) => d.toISOString();
const amount = (u: bigint) => fromUnits(u);

/** A card the user holds, as My cards shows it (the starter buy answers with it too). */
export function myCardView(row: repo.CardDetailRow, language: LanguageCode, now: Date): MyCard {
  const { card, type } = row;
  const sale = saleOf(card.price, type);
  const inWarehouse = card.state === 'warehouse';
  const holdOver = now >= card.holdUntil;
  return {
    id: card.id,
    card_type_id: type.id,
    name: cardTypeName(type, language),
    image: type.image,
    state: card.state as MyCard['state'],
    price: card.price,
    purchase_price: card.purchasePrice,
    purchased_at: iso(card.purchasedAt),
    fuel_fee: card.fuelFee,
    match_price: null,
    matched_at: null,
    obtainable: row.listingObtainable ?? amount(sale.obtainable),
    next_price: amount(sale.nextPrice),
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    auto_sell: card.autoSell,
    session_weekday: row.sessionOpensAt ? isoWeekday(row.sessionOpensAt) : null,
    listing_id: row.listingId,
    listable: inWarehouse && holdOver,
    renewable: inWarehouse && holdOver && now < card.listBy,
  };
}

function soldCardView(row: repo.SoldCardRow, language: LanguageCode): MyCard {
  const { card, type, match } = row;
  return {
    id: card.id,
    card_type_id: type.id,
    name: cardTypeName(type, language),
    image: type.image,
    state: 'sold',
    price: match.price,
    purchase_price: row.listedCardPrice,
    purchased_at: iso(row.acquiredAt ?? match.createdAt),
    fuel_fee: row.acquiredFuelFee ?? '0.00000000',
    match_price: match.price,
    matched_at: iso(match.createdAt),
    obtainable: match.sellerObtained,
    next_price: amount(nextStepPrice(toUnits(match.price), type.priceStepBp)),
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    auto_sell: false,
    session_weekday: row.sessionOpensAt ? isoWeekday(row.sessionOpensAt) : null,
    listing_id: null,
    listable: false,
    renewable: false,
  };
}

export async function listMyCards(
  db: Database,
  userId: number,
  query: { page: number; limit: number; state?: MyCard['state'] | undefined },
  language: LanguageCode,
  now = clock.now(),
) {
  const { page, total } = await repo.myCardPage(db, userId, query.state, query.limit, (query.page - 1) * query.limit);
  const held = new Map(
    (
      await repo.cardsByIds(
        db,
        page.filter((p) => p.kind === 'card').map((p) => p.id),
      )
    ).map((r) => [r.card.id, r]),
  );
  const sold = new Map(
    (
      await repo.soldByMatchIds(
        db,
        page.filter((p) => p.kind === 'sold').map((p) => p.id),
      )
    ).map((r) => [r.match.id, r]),
  );
  const list = page.map((p) => (p.kind === 'card' ? myCardView(held.get(p.id)!, language, now) : soldCardView(sold.get(p.id)!, language)));
  return { list, page: query.page, limit: query.limit, total, now: iso(now) };
}

/**
 * One card the caller owns or owned, with its whole history. Owners other than the caller are shown as "#1",
 * "#2"… in the order they first appear on this card (decision 050); someone who never owned it gets NOT_FOUND.
 */
export async function getMyCard(db: Database, userId: number, cardId: number, language: LanguageCode, now = clock.now()) {
  const row = await repo.cardById(db, cardId);
  if (!row) throw new DomainError('NOT_FOUND');
  const owns = row.card.ownerId === userId;
  if (!owns && !(await repo.everOwned(db, cardId, userId))) throw new DomainError('NOT_FOUND');
  let card: MyCard;
  if (owns) card = myCardView(row, language, now);
  else {
    const matchId = await repo.latestSaleBy(db, cardId, userId);
    const sold = matchId === undefined ? [] : await repo.soldByMatchIds(db, [matchId]);
    // Owned once but not sold by the caller (a split piece's parent went to its pieces): show the card as it is.
    card = sold[0] ? soldCardView(sold[0], language) : { ...myCardView(row, language, now), listable: false, renewable: false, auto_sell: false };
  }
  const labels = new Map<number, string>();
  const history: CardHistoryLine[] = (await repo.historyOf(db, cardId)).map((h) => {
    const mine = h.ownerId === userId;
    if (!mine && !labels.has(h.ownerId)) labels.set(h.ownerId, `#${labels.size + 1}`);
    return {
      id: h.id,
      event: h.event as CardHistoryLine['event'],
      price: h.price,
      owner: mine ? userId : null,
      owner_label: mine ? 'you' : labels.get(h.ownerId)!,
      created_at: iso(h.createdAt),
    };
  });
  return { now: iso(now), card, rules: toCardTypeRules(row.type, language), history };
}
