/**
 * The card market (decisions 053–054): listing (hanging), auto-sell, buy orders with reserved funds, the
 * matching engine, the session-open and session-close work, renewal, the order split, and the lists of each
 * side and of operators. The rules themselves are the pure modules beside this file (`pricing`, `matching`,
 * `split`, `eligibility`); this file applies them to the rows, under these locks, always taken in this order:
 * the type's open session (share), the type's matching book (advisory), cards / listings / orders (rows, the
 * engine's with SKIP LOCKED), then ledger accounts (in account-id order, all of a transaction's at once).
 */
import { fromUnits, toUnits, type LanguageCode, type PostingKind } from '@reef/contract';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { now } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, balancesOf, lockAccounts, postEntry, type AccountRef, type PostingInput } from '../ledger/ledger.service.js';
import { nearestLeader, isLeader, setLeader as setLeaderFlag } from '../users/users.service.js';
import { dueForAutoListing, listingProblem, renewalProblem, renewedListBy, type CardForRules, type CardState } from './eligibility.js';
import { reservationFor, settle, type MarketCardType, type Reservation } from './matching.js';
import { nextStepPrice, renewalFee, splitSalePrice } from './pricing.js';
import { NO_SPLIT, ruleForOwner, splitPrices, type SplitMode, type SplitRule } from './split.js';
import type { CardSessionRow } from './cards.service.js';
import * as repo from './trading.repository.js';

const DAY_MS = 86_400_000;
/** Buy orders one user may have waiting in one session. */
export const MAX_WAITING_ORDERS = 20;
/** Rows the session handlers take per look (each row is its own short transaction). */
const HANDLER_BATCH = 100;

const iso = (d: Date) => d.toISOString();
const amount = (units: bigint) => fromUnits(units);

// ───── views ─────

function typeName(type: repo.CardTypeRow, language: LanguageCode): string {
  const names = (type.names ?? {}) as Record<string, string>;
  return names[language] ?? type.name;
}

function marketType(type: repo.CardTypeRow): MarketCardType {
  return { platformFeeBp: type.platformFeeBp, obtainableBp: type.obtainableBp, fuelFeeBp: type.fuelFeeBp, tradePoints: toUnits(type.tradePoints) };
}

function rulesView(type: repo.CardTypeRow, language: LanguageCode) {
  return {
    id: type.id,
    name: typeName(type, language),
    image: type.image,
    currency: 'rusd' as const,
    start_price: amount(toUnits(type.startPrice)),
    price_step_bp: type.priceStepBp,
    fuel_fee_bp: type.fuelFeeBp,
    trade_points: amount(toUnits(type.tradePoints)),
    hold_days: type.holdDays,
    list_window_days: type.listWindowDays,
    platform_fee_bp: type.platformFeeBp,
    obtainable_bp: type.obtainableBp,
    renewal_fee_bp: type.renewalFeeBp,
  };
}

/** A session as users see it: its state from the clock and the operators' actions. */
export function sessionView(s: repo.SessionRow, at: Date) {
  const closed = s.state === 'closed' || s.state === 'cancelled' || s.closesAt <= at;
  const state = closed ? 'closed' : s.opensAt <= at ? 'open' : 'not_started';
  return {
    id: s.id,
    card_type_id: s.cardTypeId,
    opens_at: iso(s.opensAt),
    closes_at: iso(s.closesAt),
    state: state as 'closed' | 'open' | 'not_started',
    stock: s.stock,
    sold: s.sold,
    left: s.stock - s.sold,
    per_user_cap: s.perUserCap,
  };
}

function rulesCard(card: repo.CardRow): CardForRules {
  return {
    ownerId: card.ownerId,
    state: card.state as CardState,
    holdUntil: card.holdUntil.getTime(),
    listBy: card.listBy.getTime(),
    autoSell: card.autoSell,
  };
}

async function typesById(db: Executor, ids: number[]): Promise<Map<number, repo.CardTypeRow>> {
  return new Map((await repo.cardTypesByIds(db, ids)).map((t) => [t.id, t]));
}

/** What every view of a listing starts with: which listing, which card, and the type's name and art. */
function listingHead(listing: repo.ListingRow, type: repo.CardTypeRow, language: LanguageCode) {
  return {
    listing_id: listing.id,
    card_id: listing.cardId,
    card_type_id: listing.cardTypeId,
    name: typeName(type, language),
    image: type.image,
  };
}

function saleView(listing: repo.ListingRow, matchId: number | null, type: repo.CardTypeRow, openTypes: ReadonlySet<number>, language: LanguageCode) {
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

function orderView(
  row: { order: repo.OrderRow; matchId: number | null; cardId: number | null; price: string | null },
  type: repo.CardTypeRow,
  language: LanguageCode,
) {
  const o = row.order;
  return {
    id: o.id,
    card_type_id: o.cardTypeId,
    name: typeName(type, language),
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

function listingView(listing: repo.ListingRow, type: repo.CardTypeRow, language: LanguageCode) {
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

// ───── ledger helpers ─────

const SHORT_OF: Record<string, 'INSUFFICIENT_RUSD' | 'INSUFFICIENT_FUEL' | 'INSUFFICIENT_TRADE'> = {
  rusd: 'INSUFFICIENT_RUSD',
  fuel: 'INSUFFICIENT_FUEL',
  trade: 'INSUFFICIENT_TRADE',
};

/** Posts, turning the ledger's "insufficient balance" into the code that names the short asset (the page offers its top-up). */
async function post(tx: Transaction, entry: Parameters<typeof postEntry>[1]) {
  try {
    return await postEntry(tx, entry);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
      const short = SHORT_OF[String(error.details.asset)];
      if (short) throw new DomainError(short);
    }
    throw error;
  }
}

const RESERVED_ASSETS = ['rusd', 'fuel', 'trade'] as const;

function reservationOf(order: repo.OrderRow): Reservation {
  return { rusd: toUnits(order.reservedRusd), fuel: toUnits(order.reservedFuel), trade: toUnits(order.reservedTrade) };
}

/** Escrow ↔ buyer lines moving a whole reservation (sign +1: back to the buyer). */
function reservationLines(buyerId: number, reserved: Reservation, direction: 1n | -1n, kind: PostingKind, memo: string): PostingInput[] {
  return RESERVED_ASSETS.flatMap((asset): PostingInput[] =>
    reserved[asset] > 0n
      ? [
          { account: { userId: buyerId, asset }, amount: direction * reserved[asset], kind, memo },
          { account: { system: 'cards_escrow', asset }, amount: -direction * reserved[asset], kind, memo },
        ]
      : [],
  );
}

// ───── listing (hanging) ─────

export async function previewHanging(db: Database, userId: number, cardId: number) {
  const at = now();
  const card = await repo.cardById(db, cardId);
  if (!card || card.ownerId !== userId) throw new DomainError('NOT_FOUND');
  const type = (await repo.cardType(db, card.cardTypeId))!;
  const listPrice = nextStepPrice(toUnits(card.price), type.priceStepBp);
  const sale = splitSalePrice(listPrice, marketType(type));
  const problem = listingProblem(rulesCard(card), userId, at.getTime());
  const session = await repo.currentOrNextSession(db, type.id, at);
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
    session: session ? sessionView(session, at) : null,
    now: iso(at),
  };
}

interface Book {
  type: repo.CardTypeRow;
  /** The type's open session, share-locked; null when none is open. */
  session: repo.SessionRow | null;
}

/** Takes the type's open session (share) and its matching book, in that order (see the file's lock order). */
async function enterBook(tx: Transaction, typeId: number, at: Date): Promise<Book> {
  const type = await repo.cardType(tx, typeId);
  if (!type) throw new DomainError('NOT_FOUND');
  const session = (await repo.shareOpenSession(tx, typeId, at)) ?? null;
  await repo.lockBook(tx, typeId);
  return { type, session };
}

/**
 * Puts a locked warehouse card on sale at its next step price, then, while its session is open, sells it to the
 * oldest waiting order whose band holds that price. Answers the listing and the match (if any).
 */
async function putOnSale(tx: Transaction, book: Book, card: repo.CardRow, auto: boolean, at: Date) {
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
    listedAt: at,
  });
  await repo.updateCard(tx, card.id, { state: 'listed', updatedAt: at });
  await repo.insertHistory(tx, [{ cardId: card.id, event: auto ? 'auto_listed' : 'listed', ownerId: card.ownerId, price: listing.price, createdAt: at }]);
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
    if (order) matchId = (await settleMatch(tx, { book, session: book.session, order, listing, at })).id;
  }
  return { listing, matchId };
}

export async function listCard(db: Database, userId: number, cardId: number, language: LanguageCode) {
  const seen = await repo.cardById(db, cardId);
  if (!seen || seen.ownerId !== userId) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const at = now();
    const book = await enterBook(tx, seen.cardTypeId, at);
    const card = await repo.lockCard(tx, cardId);
    const problem = listingProblem(card && rulesCard(card), userId, at.getTime());
    if (problem) throw new DomainError(problem);
    const { listing, matchId } = await putOnSale(tx, book, card!, false, at);
    const stored = matchId === null ? listing : { ...listing, state: 'sold', endedAt: at };
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
export async function withdrawListing(db: Database, userId: number, cardId: number, language: LanguageCode) {
  const seen = await repo.cardById(db, cardId);
  if (!seen) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const at = now();
    const book = await enterBook(tx, seen.cardTypeId, at);
    const listing = await repo.lockLiveListingOfCard(tx, cardId);
    const card = (await repo.lockCard(tx, cardId))!;
    if (card.ownerId !== userId) {
      // The seller whose listing a buyer got first learns that (it was their card); anyone else learns nothing.
      if ((await repo.lastListingBySeller(tx, cardId, userId))?.state === 'sold') throw new DomainError('CARD_ALREADY_MATCHED');
      throw new DomainError('NOT_FOUND');
    }
    if (!listing || card.state !== 'listed') throw new DomainError('CARD_NOT_LISTED');
    await repo.updateListing(tx, listing.id, { state: 'withdrawn', endedAt: at });
    await repo.updateCard(tx, card.id, { state: 'warehouse', autoSell: false, updatedAt: at });
    await repo.insertHistory(tx, [{ cardId: card.id, event: 'withdrawn', ownerId: userId, price: card.price, createdAt: at }]);
    await recordEvent(tx, { type: 'card.withdrawn', user_id: userId, card_id: card.id, listing_id: listing.id, card_type_id: card.cardTypeId });
    return saleView({ ...listing, state: 'withdrawn', endedAt: at }, null, book.type, new Set(book.session ? [book.type.id] : []), language);
  });
}

export async function setAutoSell(db: Database, userId: number, cardId: number, auto: boolean) {
  return db.transaction(async (tx) => {
    const card = await repo.lockCard(tx, cardId);
    if (!card || card.ownerId !== userId) throw new DomainError('NOT_FOUND');
    if (card.state === 'split') throw new DomainError('CARD_NOT_IN_WAREHOUSE');
    if (card.autoSell !== auto) {
      const at = now();
      await repo.updateCard(tx, card.id, { autoSell: auto, updatedAt: at });
      await repo.insertHistory(tx, [{ cardId: card.id, event: auto ? 'auto_sell_on' : 'auto_sell_off', ownerId: userId, price: card.price, createdAt: at }]);
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
) {
  const at = now();
  const openTypes = new Set((await repo.openSessions(db, at)).map((s) => s.cardTypeId));
  const filter: repo.SaleFilter =
    query.state === undefined
      ? { kind: 'all' }
      : query.state === 'ended'
        ? { kind: 'ended' }
        : query.state === 'on_sale'
          ? { kind: 'live', typesIn: [...openTypes] }
          : { kind: 'live', typesNotIn: [...openTypes] };
  const { list, total } = await repo.sellerListings(db, userId, filter, { limit: query.limit, offset: (query.page - 1) * query.limit });
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

// ───── buy orders and matching ─────

export interface OrderInput {
  card_type_id: number;
  min_price: string;
  max_price: string;
}

/**
 * Places a buy order during its type's open session: reserves max price + its fuel fee + the trading points in
 * one entry (buyer → `cards_escrow`), then sells it the oldest listing in its band at once when there is one.
 */
export async function placeOrder(db: Database, userId: number, input: OrderInput, idempotencyKey: string | undefined, language: LanguageCode) {
  const band = { min: toUnits(input.min_price), max: toUnits(input.max_price) };
  const request = ['card-order', input];
  return runIdempotent(db, { userId, key: idempotencyKey, request }, async (tx) => {
    const at = now();
    const book = await enterBook(tx, input.card_type_id, at);
    if (!book.type.active) throw new DomainError('CARD_TYPE_INACTIVE');
    const session = book.session;
    if (!session) throw new DomainError('CARD_SESSION_NOT_OPEN');
    if ((await repo.waitingOrderCount(tx, userId, session.id)) >= MAX_WAITING_ORDERS) throw new DomainError('CARD_ORDER_LIMIT_REACHED');
    const reserved = reservationFor(band, marketType(book.type));
    const listing = await repo.oldestListingInBand(tx, book.type.id, amount(band.min), amount(band.max), userId);
    const orderId = await repo.nextOrderId(tx);
    const orderMemo = `order ${orderId}`;
    const lines = reservationLines(userId, reserved, -1n, 'card_order_reserve', orderMemo);
    // Two entries follow (reservation, match) over different accounts: lock the card, then all the accounts, in
    // the file's lock order, before the first entry takes any.
    if (listing) await repo.lockCard(tx, listing.cardId);
    if (listing) await lockAccounts(tx, [...lines.map((l) => l.account), ...matchAccounts(listing.sellerId, userId)]);
    const posted = await post(tx, { kind: 'card_order_reserve', memo: orderMemo, actorId: userId, postings: lines });
    const order = await repo.insertOrder(tx, {
      id: orderId,
      buyerId: userId,
      cardTypeId: book.type.id,
      sessionId: session.id,
      minPrice: amount(band.min),
      maxPrice: amount(band.max),
      reservedRusd: amount(reserved.rusd),
      reservedFuel: amount(reserved.fuel),
      reservedTrade: amount(reserved.trade),
      state: 'waiting',
      entryId: posted.entryId,
      createdAt: at,
    });
    await recordEvent(tx, {
      type: 'card.order_placed',
      user_id: userId,
      entry_id: posted.entryId,
      order_id: order.id,
      card_type_id: book.type.id,
      session_id: session.id,
      min_price: amount(band.min),
      max_price: amount(band.max),
      reserved_rusd: amount(reserved.rusd),
      reserved_fuel: amount(reserved.fuel),
      reserved_trade: amount(reserved.trade),
    });
    let balance = posted.userBalances.get(balanceKey(userId, 'rusd'))!;
    let view = { order, matchId: null as number | null, cardId: null as number | null, price: null as string | null };
    if (listing) {
      const match = await settleMatch(tx, { book, session, order, listing, at });
      balance = match.buyerRusd ?? balance;
      view = { order: { ...order, state: 'completed', endedAt: at }, matchId: match.id, cardId: match.cardId, price: match.price };
    }
    return { ...orderView(view, book.type, language), balance_rusd: balance };
  });
}

function matchAccounts(sellerId: number, buyerId: number): AccountRef[] {
  return [
    { userId: sellerId, asset: 'rusd' },
    { system: 'fees', asset: 'rusd' },
    { system: 'burned', asset: 'fuel' },
    { system: 'burned', asset: 'trade' },
    ...RESERVED_ASSETS.map((asset) => ({ userId: buyerId, asset })),
    ...RESERVED_ASSETS.map((asset) => ({ system: 'cards_escrow' as const, asset })),
  ];
}

interface MatchInput {
  book: Book;
  session: repo.SessionRow;
  order: repo.OrderRow;
  listing: repo.ListingRow;
  at: Date;
}

/**
 * One match: one journal entry moves the money out of the order's reservation (the seller's share to the seller,
 * the rest of the price to `fees`, the fuel fee and trading points to `burned`, the unused reservation back to the
 * buyer), and the same transaction moves the card to the buyer at the listing price, restarts its holding time,
 * ends the listing and the order, writes the match, the card's history and the event, then splits the card when
 * its new price calls for it.
 */
async function settleMatch(tx: Transaction, { book, session, order, listing, at }: MatchInput) {
  const { type } = book;
  const card = (await repo.lockCard(tx, listing.cardId))!;
  const buyerId = order.buyerId;
  const sellerId = listing.sellerId;
  const price = toUnits(listing.price);
  const reserved = reservationOf(order);
  const s = settle(price, { sellerGets: toUnits(listing.obtainable), platformFee: price - toUnits(listing.obtainable) }, reserved, marketType(type));
  const memo = `card ${listing.cardId}`;
  const lines: PostingInput[] = [
    { account: { system: 'cards_escrow', asset: 'rusd' }, amount: -reserved.rusd, kind: 'card_purchase', memo },
    { account: { userId: sellerId, asset: 'rusd' }, amount: s.sellerGets, kind: 'card_sale', memo },
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
  const posted = await postEntry(tx, { kind: 'card_purchase', memo, actorId: buyerId, postings: lines.filter((l) => l.amount !== 0n) });
  const holdUntil = new Date(at.getTime() + type.holdDays * DAY_MS);
  const listBy = new Date(holdUntil.getTime() + type.listWindowDays * DAY_MS);
  await repo.updateListing(tx, listing.id, { state: 'sold', endedAt: at });
  await repo.updateOrder(tx, order.id, { state: 'completed', endedAt: at });
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
    createdAt: at,
  });
  await repo.updateCard(tx, card.id, {
    ownerId: buyerId,
    price: amount(price),
    purchasePrice: amount(price),
    purchasedAt: at,
    fuelFee: amount(s.fuelFee),
    origin: 'market',
    sessionId: session.id,
    state: 'warehouse',
    holdUntil,
    listBy,
    autoSell: false,
    updatedAt: at,
  });
  await repo.insertHistory(tx, [
    { cardId: card.id, event: 'matched', ownerId: buyerId, counterpartyId: sellerId, price: amount(price), entryId: posted.entryId, createdAt: at },
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
  await splitIfDue(tx, { ...card, ownerId: buyerId, price: amount(price), holdUntil, listBy }, type, at);
  return { id: match.id, cardId: card.id, price: match.price, buyerRusd: posted.userBalances.get(balanceKey(buyerId, 'rusd')) ?? null };
}

// ───── the order split ─────

function ruleOf(row: repo.SplitSettingsRow | undefined): SplitRule | null {
  if (!row) return null;
  return {
    mode: row.mode as SplitMode,
    threshold: row.threshold === null ? null : toUnits(row.threshold),
    amount: row.amount === null ? null : toUnits(row.amount),
  };
}

/** The rule a user's cards split by, and whose it is (the nearest leader, or null for the platform default). */
async function ruleForUser(db: Executor, userId: number): Promise<{ rule: SplitRule; leaderId: number | null }> {
  const platform = ruleOf(await repo.splitSettingsOf(db, null)) ?? NO_SPLIT;
  const leader = await nearestLeader(db, userId);
  if (!leader) return { rule: platform, leaderId: null };
  const own = ruleOf(await repo.splitSettingsOf(db, leader.id));
  const rule = ruleForOwner([{ depth: leader.depth, leader: true, rule: own }], platform);
  return { rule, leaderId: own ? leader.id : null };
}

/** Splits a card its new owner just bought when the rule says so; journal-neutral, recorded on every card it touches. */
async function splitIfDue(tx: Transaction, card: repo.CardRow, type: repo.CardTypeRow, at: Date): Promise<void> {
  const { rule, leaderId } = await ruleForUser(tx, card.ownerId);
  const prices = splitPrices(toUnits(card.price), rule, toUnits(type.startPrice));
  if (!prices) return;
  await repo.updateCard(tx, card.id, { state: 'split', updatedAt: at });
  const pieces = await repo.insertCards(
    tx,
    prices.map((price) => ({
      cardTypeId: card.cardTypeId,
      ownerId: card.ownerId,
      price: amount(price),
      purchasePrice: amount(price),
      purchasedAt: at,
      fuelFee: '0',
      origin: 'split',
      sessionId: null,
      state: 'warehouse',
      holdUntil: card.holdUntil,
      listBy: card.listBy,
      autoSell: false,
      parentCardId: card.id,
      createdAt: at,
      updatedAt: at,
    })),
  );
  await repo.insertHistory(tx, [
    { cardId: card.id, event: 'split', ownerId: card.ownerId, price: card.price, createdAt: at },
    ...pieces.map((p) => ({ cardId: p.id, event: 'split_from', ownerId: card.ownerId, price: p.price, relatedCardId: card.id, createdAt: at })),
  ]);
  await recordEvent(tx, {
    type: 'card.split',
    user_id: card.ownerId,
    card_id: card.id,
    price: amount(toUnits(card.price)),
    mode: rule.mode as 'full' | 'auto',
    leader_id: leaderId,
    pieces: pieces.map((p) => ({ card_id: p.id, price: amount(toUnits(p.price)) })),
  });
}

export async function splitSettings(db: Database, userId: number) {
  const view = splitView;
  const [leader, own, platform, effective] = [
    await isLeader(db, userId),
    ruleOf(await repo.splitSettingsOf(db, userId)),
    ruleOf(await repo.splitSettingsOf(db, null)) ?? NO_SPLIT,
    (await ruleForUser(db, userId)).rule,
  ];
  return { leader, settings: leader && own ? view(own) : null, effective: view(effective), platform_default: view(platform) };
}

const splitView = (rule: SplitRule) => ({
  mode: rule.mode,
  threshold: rule.threshold === null ? null : amount(rule.threshold),
  amount: rule.amount === null ? null : amount(rule.amount),
});

export interface SplitInput {
  mode: SplitMode;
  threshold?: string;
  amount?: string;
}

/** The contract has checked the input (a threshold to split, an amount for auto and only for auto, two pieces at least). */
function ruleFrom(input: SplitInput): SplitRule {
  return {
    mode: input.mode,
    threshold: input.mode === 'none' || input.threshold === undefined ? null : toUnits(input.threshold),
    amount: input.mode === 'auto' && input.amount !== undefined ? toUnits(input.amount) : null,
  };
}

/** A leader sets the rule their team's cards split by. */
export async function setSplitSettings(db: Database, userId: number, input: SplitInput) {
  return db.transaction(async (tx) => {
    if (!(await isLeader(tx, userId))) throw new DomainError('NOT_LEADER');
    const rule = ruleFrom(input);
    const view = splitView(rule);
    await repo.upsertSettings(tx, userId, { ...view, by: userId, at: now() });
    await recordEvent(tx, { type: 'card.split_settings_set', user_id: userId, ...view });
    return view;
  });
}

export async function platformSplitDefault(db: Database) {
  return splitView(ruleOf(await repo.splitSettingsOf(db, null)) ?? NO_SPLIT);
}

/** An operator sets the platform's default split rule, audited with the rule before and after. */
export async function setPlatformSplitDefault(db: Database, operatorId: number, input: SplitInput) {
  return db.transaction(async (tx) => {
    const before = ruleOf(await repo.splitSettingsOf(tx, null));
    const view = splitView(ruleFrom(input));
    await repo.upsertSettings(tx, null, { ...view, by: operatorId, at: now() });
    await recordEvent(tx, {
      type: 'card.admin_changed',
      user_id: operatorId,
      target: 'split_default',
      target_id: null,
      action: before ? 'update' : 'create',
      before: before ? splitView(before) : null,
      after: view,
    });
    return view;
  });
}

// ───── renewal ─────

export async function previewRenewal(db: Database, userId: number, cardId: number) {
  const at = now();
  const card = await repo.cardById(db, cardId);
  if (!card || card.ownerId !== userId) throw new DomainError('NOT_FOUND');
  const type = (await repo.cardType(db, card.cardTypeId))!;
  const problem = renewalProblem(rulesCard(card), userId, at.getTime());
  return {
    card_id: card.id,
    price: amount(toUnits(card.price)),
    fee: amount(renewalFee(toUnits(card.price), type.renewalFeeBp)),
    renewal_fee_bp: type.renewalFeeBp,
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    new_list_by: iso(new Date(renewedListBy(card.listBy.getTime(), type.listWindowDays * DAY_MS))),
    renewable: problem === null,
    refusal: problem === 'NOT_FOUND' ? null : problem,
    now: iso(at),
  };
}

/** Renews a card for its fee: its listing deadline moves one listing window later. */
export async function renewCard(db: Database, userId: number, cardId: number, idempotencyKey: string | undefined) {
  return runIdempotent(db, { userId, key: idempotencyKey, request: ['card-renewal', cardId] }, async (tx) => {
    const at = now();
    const card = await repo.lockCard(tx, cardId);
    const problem = renewalProblem(card && rulesCard(card), userId, at.getTime());
    if (problem) throw new DomainError(problem);
    const type = (await repo.cardType(tx, card!.cardTypeId))!;
    const fee = renewalFee(toUnits(card!.price), type.renewalFeeBp);
    const listBy = new Date(renewedListBy(card!.listBy.getTime(), type.listWindowDays * DAY_MS));
    const memo = `card ${cardId}`;
    // A free renewal (rate 0, or a fee that truncates to 0) has no money to move, so no entry.
    const posted =
      fee === 0n
        ? null
        : await post(tx, {
            kind: 'card_renewal',
            memo,
            actorId: userId,
            postings: [
              { account: { userId, asset: 'rusd' }, amount: -fee, kind: 'card_renewal', memo },
              { account: { system: 'fees', asset: 'rusd' }, amount: fee, kind: 'card_renewal', memo },
            ],
          });
    const entryId = posted?.entryId ?? null;
    await repo.insertRenewal(tx, { cardId, userId, fee: amount(fee), listByBefore: card!.listBy, listByAfter: listBy, entryId, createdAt: at });
    await repo.updateCard(tx, cardId, { listBy, updatedAt: at });
    await repo.insertHistory(tx, [{ cardId, event: 'renewed', ownerId: userId, price: card!.price, entryId, createdAt: at }]);
    await recordEvent(tx, { type: 'card.renewed', user_id: userId, entry_id: entryId, card_id: cardId, fee: amount(fee), list_by: iso(listBy) });
    const balance = posted?.userBalances.get(balanceKey(userId, 'rusd')) ?? (await balancesOf(tx, userId)).get('rusd') ?? '0.00000000';
    return { card_id: cardId, fee: amount(fee), list_by: iso(listBy), entry_id: entryId, balance_rusd: balance };
  });
}

// ───── the session handlers (called by the session jobs, safe to run again) ─────

/** The session hook (cards-core's `session-jobs.ts` calls it once the session's row says open). */
export async function onSessionOpen(db: Database, session: CardSessionRow): Promise<void> {
  await onSessionOpened(db, session.id);
}

/** The session hook (called once the session's row says closed): every waiting order is released. */
export async function onSessionClose(db: Database, session: CardSessionRow): Promise<void> {
  await releaseSessionOrders(db, session.id);
}

/**
 * A session has opened: every due card of its type is listed by itself (auto-sell on and past holding, or past
 * its listing deadline), oldest card first, each sold at once to a waiting order that fits; then every order
 * still waiting takes the oldest listing in its band. Each card and order is its own short transaction.
 */
export async function onSessionOpened(db: Database, sessionId: number): Promise<{ listed: number; matched: number }> {
  const session = await repo.sessionById(db, sessionId);
  if (!session) return { listed: 0, matched: 0 };
  let listed = 0;
  let matched = 0;
  for (let after = 0; ;) {
    const ids = await repo.dueCardIds(db, session.cardTypeId, now(), after, HANDLER_BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      after = id;
      const outcome = await db.transaction(async (tx) => {
        const at = now();
        const book = await enterBook(tx, session.cardTypeId, at);
        if (book.session?.id !== sessionId) return null;
        const card = await repo.lockCard(tx, id);
        if (!card || !dueForAutoListing(rulesCard(card), at.getTime())) return null;
        return putOnSale(tx, book, card, true, at);
      });
      if (outcome) listed += 1;
      if (outcome?.matchId) matched += 1;
    }
  }
  for (let after = 0; ;) {
    const ids = await repo.waitingOrderIds(db, sessionId, after, HANDLER_BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      after = id;
      if (await matchWaitingOrder(db, session.cardTypeId, sessionId, id)) matched += 1;
    }
  }
  return { listed, matched };
}

async function matchWaitingOrder(db: Database, typeId: number, sessionId: number, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const at = now();
    const book = await enterBook(tx, typeId, at);
    if (book.session?.id !== sessionId) return false;
    const order = await repo.lockOrder(tx, orderId, true);
    if (order?.state !== 'waiting') return false;
    const listing = await repo.oldestListingInBand(tx, typeId, order.minPrice, order.maxPrice, order.buyerId);
    if (!listing) return false;
    await settleMatch(tx, { book, session: book.session, order, listing, at });
    return true;
  });
}

/**
 * A session has closed (its row already says so): every order still waiting gets its whole reservation back, each
 * in its own entry. An order being matched right now is waited for, then skipped when it completed.
 */
export async function releaseSessionOrders(db: Database, sessionId: number): Promise<number> {
  const session = await repo.sessionById(db, sessionId);
  if (!session || (session.state !== 'closed' && session.state !== 'cancelled' && session.closesAt > now())) return 0;
  let released = 0;
  for (let after = 0; ;) {
    const ids = await repo.waitingOrderIds(db, sessionId, after, HANDLER_BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      after = id;
      if (await db.transaction((tx) => giveBack(tx, id, { reason: 'session_closed', operatorId: null, note: '' }))) released += 1;
    }
  }
  return released;
}

/** Returns a waiting order's whole reservation in one entry; false when the order is no longer waiting. */
async function giveBack(tx: Transaction, orderId: number, why: { reason: 'session_closed' | 'cancelled'; operatorId: number | null; note: string }) {
  const order = await repo.lockOrder(tx, orderId, false);
  if (order?.state !== 'waiting') return null;
  const at = now();
  const reserved = reservationOf(order);
  // The lines keep the order's memo (the bill page names the order); the entry carries the operator's reason.
  const posted = await postEntry(tx, {
    kind: 'card_order_release',
    memo: why.note || `order ${order.id}`,
    actorId: why.operatorId,
    postings: reservationLines(order.buyerId, reserved, 1n, 'card_order_release', `order ${order.id}`),
  });
  const ended = await repo.updateOrder(tx, order.id, {
    state: why.reason === 'cancelled' ? 'cancelled' : 'released',
    releaseEntryId: posted.entryId,
    cancelledBy: why.operatorId,
    endedAt: at,
  });
  await recordEvent(tx, {
    type: 'card.order_released',
    user_id: order.buyerId,
    entry_id: posted.entryId,
    order_id: order.id,
    reason: why.reason,
    operator_id: why.operatorId,
    rusd: amount(reserved.rusd),
    fuel: amount(reserved.fuel),
    trade: amount(reserved.trade),
  });
  return ended;
}

// ───── the market and the records ─────

export async function marketList(
  db: Database,
  query: { page: number; limit: number; type?: number; min_price?: string; max_price?: string; seller?: number },
  language: LanguageCode,
) {
  const at = now();
  const { list, total } = await repo.marketListings(
    db,
    { typeId: query.type, min: query.min_price, max: query.max_price, sellerId: query.seller },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  const types = await typesById(
    db,
    list.map((l) => l.cardTypeId),
  );
  const sessions = await repo.openSessions(db, at);
  return {
    list: list.map((l) => listingView(l, types.get(l.cardTypeId)!, language)),
    page: query.page,
    limit: query.limit,
    total,
    now: iso(at),
    sessions: sessions.map((s) => sessionView(s, at)),
  };
}

export async function marketListing(db: Database, listingId: number, language: LanguageCode) {
  const at = now();
  const listing = await repo.liveListing(db, listingId);
  if (!listing) throw new DomainError('NOT_FOUND');
  const type = (await repo.cardType(db, listing.cardTypeId))!;
  const session = await repo.currentOrNextSession(db, type.id, at);
  return { ...listingView(listing, type, language), rules: rulesView(type, language), session: session ? sessionView(session, at) : null, now: iso(at) };
}

export async function myOrders(db: Database, userId: number, query: { page: number; limit: number; state?: string }, language: LanguageCode) {
  const { list, total } = await repo.orders(db, { buyerId: userId, state: query.state }, { limit: query.limit, offset: (query.page - 1) * query.limit });
  const types = await typesById(
    db,
    list.map((r) => r.order.cardTypeId),
  );
  return { list: list.map((r) => orderView(r, types.get(r.order.cardTypeId)!, language)), page: query.page, limit: query.limit, total };
}

/** Every match the user was part of, newest first: each side sees it (the buyer's costs, the seller's proceeds). */
export async function tradeRecord(db: Database, userId: number, query: { page: number; limit: number; side?: 'buy' | 'sell' }, language: LanguageCode) {
  const { list, total } = await repo.matches(db, { userId, side: query.side }, { limit: query.limit, offset: (query.page - 1) * query.limit });
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
        name: typeName(types.get(m.cardTypeId)!, language),
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

// ───── operators ─────

function adminOrderView(row: Parameters<typeof orderView>[0], type: repo.CardTypeRow, language: LanguageCode) {
  return { ...orderView(row, type, language), buyer: row.order.buyerId, cancelled_by: row.order.cancelledBy };
}

export async function adminOrders(
  db: Database,
  query: { page: number; limit: number; state?: string; type?: number; session?: number; uid?: number },
  language: LanguageCode,
) {
  const { list, total } = await repo.orders(
    db,
    { state: query.state, typeId: query.type, sessionId: query.session, buyerId: query.uid },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  const types = await typesById(
    db,
    list.map((r) => r.order.cardTypeId),
  );
  return { list: list.map((r) => adminOrderView(r, types.get(r.order.cardTypeId)!, language)), page: query.page, limit: query.limit, total };
}

export async function adminMatches(db: Database, query: { page: number; limit: number; type?: number; session?: number; uid?: number }) {
  const { list, total } = await repo.matches(
    db,
    { userId: query.uid, typeId: query.type, sessionId: query.session },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    list: list.map((m) => ({
      id: m.id,
      listing_id: m.listingId,
      order_id: m.orderId,
      card_id: m.cardId,
      card_type_id: m.cardTypeId,
      session_id: m.sessionId,
      seller: m.sellerId,
      buyer: m.buyerId,
      price: amount(toUnits(m.price)),
      platform_fee: amount(toUnits(m.platformFee)),
      seller_obtained: amount(toUnits(m.sellerObtained)),
      fuel_fee: amount(toUnits(m.fuelFee)),
      trade_points: amount(toUnits(m.tradePoints)),
      entry_id: m.entryId,
      created_at: iso(m.createdAt),
    })),
    page: query.page,
    limit: query.limit,
    total,
  };
}

/** An operator cancels a waiting order: its reservation goes back in full, audited (who, when, before, after, why). */
export async function adminCancelOrder(db: Database, operatorId: number, orderId: number, reason: string, language: LanguageCode) {
  return db.transaction(async (tx) => {
    const before = await repo.orderWithMatch(tx, orderId);
    if (!before) throw new DomainError('NOT_FOUND');
    const ended = await giveBack(tx, orderId, { reason: 'cancelled', operatorId, note: reason });
    if (!ended) throw new DomainError('CARD_ORDER_NOT_CANCELLABLE');
    await recordEvent(tx, {
      type: 'card.admin_changed',
      user_id: operatorId,
      target: 'order',
      target_id: orderId,
      action: 'cancel',
      before: { state: before.order.state },
      after: { state: ended.state, reason, release_entry_id: ended.releaseEntryId },
    });
    const type = (await repo.cardType(tx, ended.cardTypeId))!;
    return adminOrderView({ order: ended, matchId: null, cardId: null, price: null }, type, language);
  });
}

/** An operator flags or unflags a community leader, audited with the flag before and after. */
export async function adminSetLeader(db: Database, operatorId: number, userId: number, leader: boolean) {
  return db.transaction(async (tx) => {
    const change = await setLeaderFlag(tx, userId, leader);
    await recordEvent(tx, {
      type: 'card.admin_changed',
      user_id: operatorId,
      target: 'leader',
      target_id: userId,
      action: 'update',
      before: { leader: change.before },
      after: { leader: change.after },
    });
    return { uid: userId, leader: change.after };
  });
}
