/**
 * The card market's queries (decision 053): listings, buy orders, matches, renewals and split settings. Rows
 * that a match changes are taken with `FOR UPDATE SKIP LOCKED`, so a busy listing or order is passed over, never
 * waited for; the matching book of a card type is one transaction-scoped advisory lock (`lockBook`). A card type
 * or a session by id, and a type's current-or-next session, are `cards.repository.ts`'s, one query each.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardHistory, cardListings, cardMatches, cardOrders, cardRenewals, cardSessions, cardSplitSettings, cards, cardTypes } from '../../db/schema/index.js';
import type { CardRow, CardSessionRow, CardTypeRow } from './cards.repository.js';

export type ListingRow = typeof cardListings.$inferSelect;
export type OrderRow = typeof cardOrders.$inferSelect;
export type MatchRow = typeof cardMatches.$inferSelect;
export type SplitSettingsRow = typeof cardSplitSettings.$inferSelect;

/** The advisory-lock namespace of the matching books (first key of the two-key form). */
const BOOK_LOCK_SPACE = 5311;

export async function cardTypesByIds(db: Executor, ids: readonly number[]): Promise<CardTypeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(cardTypes)
    .where(inArray(cardTypes.id, [...new Set(ids)]));
}

/** A session open by the clock and not closed or cancelled by an operator or the close job. */
const openAt = (at: Date) => and(lte(cardSessions.opensAt, at), sql`${cardSessions.closesAt} > ${at}`, inArray(cardSessions.state, ['scheduled', 'open']));

/**
 * The type's session open at `at`, share-locked: the close job's UPDATE of the row waits for the orders in flight,
 * and an order that reaches the lock after the close sees the row closed (PostgreSQL re-checks the condition on
 * the newest version), so no order lands in a session whose orders were already released.
 */
export async function shareOpenSession(db: Executor, typeId: number, at: Date): Promise<CardSessionRow | undefined> {
  const rows = await db
    .select()
    .from(cardSessions)
    .where(and(eq(cardSessions.cardTypeId, typeId), openAt(at)))
    .orderBy(asc(cardSessions.opensAt))
    .limit(1)
    .for('share');
  return rows[0];
}

/** The open session of each type that has one at `at`. */
export async function openSessions(db: Executor, at: Date): Promise<CardSessionRow[]> {
  return db.select().from(cardSessions).where(openAt(at)).orderBy(asc(cardSessions.opensAt));
}

/**
 * One matching book per card type: orders and listings of a type look for their counterpart one at a time, so
 * an order and a listing committed at the same moment cannot both miss each other.
 */
export async function lockBook(db: Executor, typeId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${BOOK_LOCK_SPACE}::int, ${typeId}::int)`);
}

export async function lockCard(db: Executor, id: number): Promise<CardRow | undefined> {
  return (await db.select().from(cards).where(eq(cards.id, id)).for('update'))[0];
}

export async function cardById(db: Executor, id: number): Promise<CardRow | undefined> {
  return (await db.select().from(cards).where(eq(cards.id, id)))[0];
}

/**
 * The card's live listing, locked and waited for (not skipped): a withdrawal that reaches it after a match sees
 * the newest row, no longer `listed`, and finds nothing.
 */
export async function lockLiveListingOfCard(db: Executor, cardId: number): Promise<ListingRow | undefined> {
  return (
    await db
      .select()
      .from(cardListings)
      .where(and(eq(cardListings.cardId, cardId), eq(cardListings.state, 'listed')))
      .for('update')
  )[0];
}

/** The seller's most recent listing of the card (any state). */
export async function lastListingBySeller(db: Executor, cardId: number, sellerId: number): Promise<ListingRow | undefined> {
  return (
    await db
      .select()
      .from(cardListings)
      .where(and(eq(cardListings.cardId, cardId), eq(cardListings.sellerId, sellerId)))
      .orderBy(desc(cardListings.id))
      .limit(1)
  )[0];
}

export async function insertListing(db: Executor, row: typeof cardListings.$inferInsert): Promise<ListingRow> {
  return (await db.insert(cardListings).values(row).returning())[0]!;
}

export async function updateCard(db: Executor, id: number, values: Partial<typeof cards.$inferInsert>): Promise<void> {
  await db.update(cards).set(values).where(eq(cards.id, id));
}

export async function insertHistory(db: Executor, rows: (typeof cardHistory.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(cardHistory).values(rows);
}

export async function insertCards(db: Executor, rows: (typeof cards.$inferInsert)[]): Promise<CardRow[]> {
  return db.insert(cards).values(rows).returning();
}

/**
 * The oldest live listing of the type priced within [min, max] that is not the buyer's, locked; busy ones are
 * skipped. Listing ids follow listing time, so "oldest" walks the live-listing index of the type in id order.
 */
export async function oldestListingInBand(db: Executor, typeId: number, min: string, max: string, buyerId: number): Promise<ListingRow | undefined> {
  const rows = await db
    .select()
    .from(cardListings)
    .where(
      and(
        eq(cardListings.cardTypeId, typeId),
        eq(cardListings.state, 'listed'),
        gte(cardListings.price, min),
        lte(cardListings.price, max),
        ne(cardListings.sellerId, buyerId),
      ),
    )
    .orderBy(asc(cardListings.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/** The oldest waiting order of the session and type whose band holds `price`, not the seller's, locked; busy ones are skipped. */
export async function oldestOrderForPrice(db: Executor, sessionId: number, typeId: number, price: string, sellerId: number): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(cardOrders)
    .where(
      and(
        eq(cardOrders.sessionId, sessionId),
        eq(cardOrders.cardTypeId, typeId),
        eq(cardOrders.state, 'waiting'),
        lte(cardOrders.minPrice, price),
        gte(cardOrders.maxPrice, price),
        ne(cardOrders.buyerId, sellerId),
      ),
    )
    .orderBy(asc(cardOrders.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function waitingOrderCount(db: Executor, buyerId: number, sessionId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(cardOrders)
    .where(and(eq(cardOrders.buyerId, buyerId), eq(cardOrders.sessionId, sessionId), eq(cardOrders.state, 'waiting')));
  return rows[0]!.n;
}

/** An order's id before its row: the reservation entry's memo names the order (`order <id>`), and the row names the entry. */
export async function nextOrderId(db: Executor): Promise<number> {
  const rows = await db.execute(sql`select nextval(pg_get_serial_sequence('card_orders', 'id'))::bigint as id`);
  return Number((rows as unknown as { rows: { id: string | number }[] }).rows[0]!.id);
}

export async function insertOrder(db: Executor, row: typeof cardOrders.$inferInsert): Promise<OrderRow> {
  return (await db.insert(cardOrders).values(row).returning())[0]!;
}

export async function updateOrder(db: Executor, id: number, values: Partial<typeof cardOrders.$inferInsert>): Promise<OrderRow> {
  return (await db.update(cardOrders).set(values).where(eq(cardOrders.id, id)).returning())[0]!;
}

export async function updateListing(db: Executor, id: number, values: Partial<typeof cardListings.$inferInsert>): Promise<void> {
  await db.update(cardListings).set(values).where(eq(cardListings.id, id));
}

export async function insertMatch(db: Executor, row: typeof cardMatches.$inferInsert): Promise<MatchRow> {
  return (await db.insert(cardMatches).values(row).returning())[0]!;
}

export async function lockOrder(db: Executor, id: number, skipLocked: boolean): Promise<OrderRow | undefined> {
  const query = db.select().from(cardOrders).where(eq(cardOrders.id, id));
  return (await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update')))[0];
}

/** Waiting orders of a session, oldest first (the open handler matches them, the close handler releases them). */
export async function waitingOrderIds(db: Executor, sessionId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: cardOrders.id })
    .from(cardOrders)
    .where(and(eq(cardOrders.sessionId, sessionId), eq(cardOrders.state, 'waiting'), sql`${cardOrders.id} > ${afterId}`))
    .orderBy(asc(cardOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Warehouse cards of a type a session opening at `at` lists by itself (past the deadline, or auto-sell and past holding). */
export async function dueCardIds(db: Executor, typeId: number, at: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.cardTypeId, typeId),
        eq(cards.state, 'warehouse'),
        sql`${cards.id} > ${afterId}`,
        or(lte(cards.listBy, at), and(eq(cards.autoSell, true), lte(cards.holdUntil, at))),
      ),
    )
    .orderBy(asc(cards.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertRenewal(db: Executor, row: typeof cardRenewals.$inferInsert): Promise<void> {
  await db.insert(cardRenewals).values(row);
}

/** A leader's saved rule (leaderId) or the platform default (null). */
export async function splitSettingsOf(db: Executor, leaderId: number | null): Promise<SplitSettingsRow | undefined> {
  const rows = await db
    .select()
    .from(cardSplitSettings)
    .where(leaderId === null ? isNull(cardSplitSettings.leaderId) : eq(cardSplitSettings.leaderId, leaderId));
  return rows[0];
}

/** Saves a leader's rule (leaderId) or the platform default (null): one row each. */
export async function upsertSettings(
  db: Executor,
  leaderId: number | null,
  values: { mode: string; threshold: string | null; amount: string | null; by: number; at: Date },
): Promise<void> {
  const set = { mode: values.mode, threshold: values.threshold, amount: values.amount, updatedBy: values.by, updatedAt: values.at };
  const updated = await db
    .update(cardSplitSettings)
    .set(set)
    .where(leaderId === null ? isNull(cardSplitSettings.leaderId) : eq(cardSplitSettings.leaderId, leaderId))
    .returning({ id: cardSplitSettings.id });
  // Two first saves at once: the unique indexes let one insert in, the other retries as an update.
  if (updated.length === 0) {
    const inserted = await db
      .insert(cardSplitSettings)
      .values({ leaderId, ...set })
      .onConflictDoNothing()
      .returning({ id: cardSplitSettings.id });
    if (inserted.length === 0) await upsertSettings(db, leaderId, values);
  }
}

// ───── reads for the pages ─────

export interface Page {
  limit: number;
  offset: number;
}

export interface MarketFilter {
  typeId?: number;
  min?: string;
  max?: string;
  sellerId?: number;
}

function marketWhere(filter: MarketFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(cardListings.state, 'listed')];
  if (filter.typeId !== undefined) parts.push(eq(cardListings.cardTypeId, filter.typeId));
  if (filter.min !== undefined) parts.push(gte(cardListings.price, filter.min));
  if (filter.max !== undefined) parts.push(lte(cardListings.price, filter.max));
  if (filter.sellerId !== undefined) parts.push(eq(cardListings.sellerId, filter.sellerId));
  return and(...parts)!;
}

/** Live listings, oldest first (the order the engine sells them in), on the live-listing indexes. */
export async function marketListings(db: Executor, filter: MarketFilter, page: Page): Promise<{ list: ListingRow[]; total: number }> {
  const where = marketWhere(filter);
  const list = await db.select().from(cardListings).where(where).orderBy(asc(cardListings.id)).limit(page.limit).offset(page.offset);
  const total = (await db.select({ n: count() }).from(cardListings).where(where))[0]!.n;
  return { list, total };
}

export async function liveListing(db: Executor, id: number): Promise<ListingRow | undefined> {
  return (
    await db
      .select()
      .from(cardListings)
      .where(and(eq(cardListings.id, id), eq(cardListings.state, 'listed')))
  )[0];
}

export type SaleFilter = { kind: 'all' } | { kind: 'ended' } | { kind: 'live'; typesIn?: number[]; typesNotIn?: number[] };

/** A seller's listings, newest first, with the match of a sold one. */
export async function sellerListings(db: Executor, sellerId: number, filter: SaleFilter, page: Page) {
  const parts: (SQL | undefined)[] = [eq(cardListings.sellerId, sellerId)];
  if (filter.kind === 'ended') parts.push(ne(cardListings.state, 'listed'));
  if (filter.kind === 'live') {
    parts.push(eq(cardListings.state, 'listed'));
    if (filter.typesIn) parts.push(filter.typesIn.length === 0 ? sql`false` : inArray(cardListings.cardTypeId, filter.typesIn));
    if (filter.typesNotIn && filter.typesNotIn.length > 0) parts.push(notInArray(cardListings.cardTypeId, filter.typesNotIn));
  }
  const where = and(...parts);
  const list = await db
    .select({ listing: cardListings, matchId: cardMatches.id })
    .from(cardListings)
    .leftJoin(cardMatches, eq(cardMatches.listingId, cardListings.id))
    .where(where)
    .orderBy(desc(cardListings.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = (await db.select({ n: count() }).from(cardListings).where(where))[0]!.n;
  return { list, total };
}

export interface OrderFilter {
  buyerId?: number;
  state?: string;
  typeId?: number;
  sessionId?: number;
}

/** Orders newest first, with their match (card and price) once completed. */
export async function orders(db: Executor, filter: OrderFilter, page: Page) {
  const parts: (SQL | undefined)[] = [];
  if (filter.buyerId !== undefined) parts.push(eq(cardOrders.buyerId, filter.buyerId));
  if (filter.state !== undefined) parts.push(eq(cardOrders.state, filter.state));
  if (filter.typeId !== undefined) parts.push(eq(cardOrders.cardTypeId, filter.typeId));
  if (filter.sessionId !== undefined) parts.push(eq(cardOrders.sessionId, filter.sessionId));
  const where = parts.length > 0 ? and(...parts) : undefined;
  const list = await db
    .select({ order: cardOrders, matchId: cardMatches.id, cardId: cardMatches.cardId, price: cardMatches.price })
    .from(cardOrders)
    .leftJoin(cardMatches, eq(cardMatches.orderId, cardOrders.id))
    .where(where)
    .orderBy(desc(cardOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = (await db.select({ n: count() }).from(cardOrders).where(where))[0]!.n;
  return { list, total };
}

export async function orderWithMatch(db: Executor, id: number) {
  const rows = await db
    .select({ order: cardOrders, matchId: cardMatches.id, cardId: cardMatches.cardId, price: cardMatches.price })
    .from(cardOrders)
    .leftJoin(cardMatches, eq(cardMatches.orderId, cardOrders.id))
    .where(eq(cardOrders.id, id));
  return rows[0];
}

export interface MatchFilter {
  /** Either side. */
  userId?: number;
  side?: 'buy' | 'sell';
  typeId?: number;
  sessionId?: number;
}

/** Matches newest first; a user's matches on either side come from the two side indexes. */
export async function matches(db: Executor, filter: MatchFilter, page: Page): Promise<{ list: MatchRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (filter.userId !== undefined) {
    if (filter.side === 'buy') parts.push(eq(cardMatches.buyerId, filter.userId));
    else if (filter.side === 'sell') parts.push(eq(cardMatches.sellerId, filter.userId));
    else parts.push(or(eq(cardMatches.buyerId, filter.userId), eq(cardMatches.sellerId, filter.userId)));
  }
  if (filter.typeId !== undefined) parts.push(eq(cardMatches.cardTypeId, filter.typeId));
  if (filter.sessionId !== undefined) parts.push(eq(cardMatches.sessionId, filter.sessionId));
  const where = parts.length > 0 ? and(...parts) : undefined;
  const list = await db.select().from(cardMatches).where(where).orderBy(desc(cardMatches.id)).limit(page.limit).offset(page.offset);
  const total = (await db.select({ n: count() }).from(cardMatches).where(where))[0]!.n;
  return { list, total };
}
