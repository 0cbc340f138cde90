/**
 * Cards' queries (decisions 050, 051): card types, sessions, schedules, the starter buy's counts, and a user's cards
 * with their history. The market (`trading.repository.ts`) reads card types and sessions through these too.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cardHistory, cardListings, cardMatches, cardSchedules, cardSessionBuyers, cardSessions, cardTypes, cards } from '../../db/schema/index.js';
import { referrerRefusedExpression } from '../community/community.sql.js';
import { userBalanceSubquery } from '../ledger/ledger.sql.js';

export type CardTypeRow = typeof cardTypes.$inferSelect;
export type CardTypeInsert = typeof cardTypes.$inferInsert;
export type CardSessionRow = typeof cardSessions.$inferSelect;
export type CardScheduleRow = typeof cardSchedules.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type CardHistoryRow = typeof cardHistory.$inferSelect;

const ENDED_STATES = ['closed', 'cancelled'];

// ───── card types ─────

export async function findCardType(db: Executor, id: number): Promise<CardTypeRow | undefined> {
  const rows = await db.select().from(cardTypes).where(eq(cardTypes.id, id));
  return rows[0];
}

/** Locks a type's row: session writes of one type (operator, schedule job) wait for each other, so no two overlap. */
export async function lockCardType(db: Executor, id: number): Promise<CardTypeRow | undefined> {
  const rows = await db.select().from(cardTypes).where(eq(cardTypes.id, id)).for('update');
  return rows[0];
}

export async function listCardTypes(db: Executor, onlyActive: boolean): Promise<CardTypeRow[]> {
  return db
    .select()
    .from(cardTypes)
    .where(onlyActive ? eq(cardTypes.active, true) : undefined)
    .orderBy(asc(cardTypes.sort), asc(cardTypes.id));
}

export async function insertCardType(db: Executor, values: CardTypeInsert): Promise<CardTypeRow> {
  const rows = await db.insert(cardTypes).values(values).returning();
  return rows[0]!;
}

export async function updateCardType(db: Executor, id: number, values: Partial<CardTypeInsert>): Promise<CardTypeRow | undefined> {
  const rows = await db.update(cardTypes).set(values).where(eq(cardTypes.id, id)).returning();
  return rows[0];
}

// ───── sessions ─────

export async function findSession(db: Executor, id: number): Promise<CardSessionRow | undefined> {
  const rows = await db.select().from(cardSessions).where(eq(cardSessions.id, id));
  return rows[0];
}

export async function lockSession(db: Executor, id: number): Promise<CardSessionRow | undefined> {
  const rows = await db.select().from(cardSessions).where(eq(cardSessions.id, id)).for('update');
  return rows[0];
}

/** Not ended by `at` and not closed or cancelled: the condition of "current or next". */
const liveAt = (at: Date) => and(gt(cardSessions.closesAt, at), notInArray(cardSessions.state, ENDED_STATES));

/** The type's open session, else its next one. */
export async function currentOrNextSession(db: Executor, cardTypeId: number, at: Date): Promise<CardSessionRow | undefined> {
  const rows = await db
    .select()
    .from(cardSessions)
    .where(and(eq(cardSessions.cardTypeId, cardTypeId), liveAt(at)))
    .orderBy(asc(cardSessions.closesAt))
    .limit(1);
  return rows[0];
}

/** For each active type, its open session, else its next one (types without one are absent). */
export async function currentOrNextSessions(db: Executor, at: Date): Promise<CardSessionRow[]> {
  return db
    .selectDistinctOn([cardSessions.cardTypeId], {
      id: cardSessions.id,
      cardTypeId: cardSessions.cardTypeId,
      scheduleId: cardSessions.scheduleId,
      opensAt: cardSessions.opensAt,
      closesAt: cardSessions.closesAt,
      stock: cardSessions.stock,
      sold: cardSessions.sold,
      perUserCap: cardSessions.perUserCap,
      state: cardSessions.state,
      openedAt: cardSessions.openedAt,
      closedAt: cardSessions.closedAt,
      createdBy: cardSessions.createdBy,
      createdAt: cardSessions.createdAt,
    })
    .from(cardSessions)
    .innerJoin(cardTypes, and(eq(cardTypes.id, cardSessions.cardTypeId), eq(cardTypes.active, true)))
    .where(liveAt(at))
    .orderBy(asc(cardSessions.cardTypeId), asc(cardSessions.closesAt));
}

/** Whether another live session of the type overlaps [opensAt, closesAt). */
export async function overlappingSession(db: Executor, cardTypeId: number, opensAt: Date, closesAt: Date, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: cardSessions.id })
    .from(cardSessions)
    .where(
      and(
        eq(cardSessions.cardTypeId, cardTypeId),
        ne(cardSessions.state, 'cancelled'),
        lt(cardSessions.opensAt, closesAt),
        gt(cardSessions.closesAt, opensAt),
        exceptId === null ? undefined : ne(cardSessions.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertSession(db: Executor, values: typeof cardSessions.$inferInsert): Promise<CardSessionRow | undefined> {
  const rows = await db.insert(cardSessions).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateSession(db: Executor, id: number, values: Partial<typeof cardSessions.$inferInsert>): Promise<CardSessionRow | undefined> {
  const rows = await db.update(cardSessions).set(values).where(eq(cardSessions.id, id)).returning();
  return rows[0];
}

/** Marks a scheduled session open when the clock says it is; undefined when it is not (yet, or any more). */
export async function markSessionOpen(db: Executor, id: number, at: Date): Promise<CardSessionRow | undefined> {
  const rows = await db
    .update(cardSessions)
    .set({ state: 'open', openedAt: at })
    .where(and(eq(cardSessions.id, id), eq(cardSessions.state, 'scheduled'), lte(cardSessions.opensAt, at), gt(cardSessions.closesAt, at)))
    .returning();
  return rows[0];
}

/** Marks a session closed once its window has passed; undefined when it has not, or it was closed already. */
export async function markSessionClosed(db: Executor, id: number, at: Date): Promise<CardSessionRow | undefined> {
  const rows = await db
    .update(cardSessions)
    .set({ state: 'closed', closedAt: at })
    .where(and(eq(cardSessions.id, id), inArray(cardSessions.state, ['scheduled', 'open']), lte(cardSessions.closesAt, at)))
    .returning();
  return rows[0];
}

export async function listSessions(
  db: Executor,
  filter: { cardTypeId?: number | undefined; state?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ list: CardSessionRow[]; total: number }> {
  const where = and(
    filter.cardTypeId === undefined ? undefined : eq(cardSessions.cardTypeId, filter.cardTypeId),
    filter.state === undefined ? undefined : eq(cardSessions.state, filter.state),
  );
  const [list, totals] = [
    await db.select().from(cardSessions).where(where).orderBy(desc(cardSessions.opensAt), desc(cardSessions.id)).limit(limit).offset(offset),
    await db.select({ total: count() }).from(cardSessions).where(where),
  ];
  return { list, total: totals[0]?.total ?? 0 };
}

// ───── schedules ─────

export async function findSchedule(db: Executor, id: number): Promise<CardScheduleRow | undefined> {
  const rows = await db.select().from(cardSchedules).where(eq(cardSchedules.id, id));
  return rows[0];
}

export async function listSchedules(db: Executor, onlyActive: boolean): Promise<CardScheduleRow[]> {
  return db
    .select()
    .from(cardSchedules)
    .where(onlyActive ? eq(cardSchedules.active, true) : undefined)
    .orderBy(asc(cardSchedules.id));
}

export async function insertSchedule(db: Executor, values: typeof cardSchedules.$inferInsert): Promise<CardScheduleRow> {
  const rows = await db.insert(cardSchedules).values(values).returning();
  return rows[0]!;
}

export async function updateSchedule(db: Executor, id: number, values: Partial<typeof cardSchedules.$inferInsert>): Promise<CardScheduleRow | undefined> {
  const rows = await db.update(cardSchedules).set(values).where(eq(cardSchedules.id, id)).returning();
  return rows[0];
}

// ───── the starter buy ─────

/** What the burst's pre-checks need to know about a buyer of a session (decision 127). */
export interface BuyerFacts {
  rusd: string;
  fuel: string;
  bought: number;
  referrerRefused: boolean;
}

/**
 * For many buyers of one session in one statement: their RUSD and fuel balances, the cards they bought in it, and
 * the referrer rule's verdict on a starter purchase. The burst's presses share it instead of three reads each.
 */
export async function buyerFactsOf(db: Executor, sessionId: number, userIds: readonly number[]): Promise<Map<number, BuyerFacts>> {
  if (userIds.length === 0) return new Map();
  const u = sql`b.u`;
  const result = await db.execute(sql`
    select b.u as user_id, ${userBalanceSubquery(u, sql`'rusd'`)}::text as rusd, ${userBalanceSubquery(u, sql`'fuel'`)}::text as fuel,
           coalesce((select ${cardSessionBuyers.bought} from ${cardSessionBuyers} where ${cardSessionBuyers.sessionId} = ${sessionId} and ${cardSessionBuyers.userId} = b.u), 0)::int as bought,
           ${referrerRefusedExpression(u, 'card_starter')} as referrer_refused
      from unnest(${`{${userIds.join(',')}}`}::int[]) b(u)`);
  const rows = (result as unknown as { rows: { user_id: number; rusd: string; fuel: string; bought: number; referrer_refused: boolean }[] }).rows;
  return new Map(rows.map((r) => [Number(r.user_id), { rusd: r.rusd, fuel: r.fuel, bought: Number(r.bought), referrerRefused: r.referrer_refused }]));
}

export async function boughtInSessions(db: Executor, userId: number, sessionIds: number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: cardSessionBuyers.sessionId, bought: cardSessionBuyers.bought })
    .from(cardSessionBuyers)
    .where(and(eq(cardSessionBuyers.userId, userId), inArray(cardSessionBuyers.sessionId, sessionIds)));
  return new Map(rows.map((r) => [r.sessionId, r.bought]));
}

// ───── my cards ─────

/** A card with what its views need: the type's rules, the live listing and the weekday of its session. */
export interface CardDetailRow {
  card: CardRow;
  type: CardTypeRow;
  listingId: number | null;
  listingObtainable: string | null;
  sessionOpensAt: Date | null;
}

const detailColumns = {
  card: cards,
  type: cardTypes,
  listingId: cardListings.id,
  listingObtainable: cardListings.obtainable,
  sessionOpensAt: cardSessions.opensAt,
};

function cardDetails(db: Executor) {
  return db
    .select(detailColumns)
    .from(cards)
    .innerJoin(cardTypes, eq(cardTypes.id, cards.cardTypeId))
    .leftJoin(cardListings, and(eq(cardListings.cardId, cards.id), eq(cardListings.state, 'listed')))
    .leftJoin(cardSessions, eq(cardSessions.id, cards.sessionId));
}

export async function cardsByIds(db: Executor, ids: number[]): Promise<CardDetailRow[]> {
  if (ids.length === 0) return [];
  return cardDetails(db).where(inArray(cards.id, ids));
}

export async function cardById(db: Executor, id: number): Promise<CardDetailRow | undefined> {
  const rows = await cardDetails(db).where(eq(cards.id, id));
  return rows[0];
}

/** A card the user sold: the match, with the card and its type. */
export interface SoldCardRow extends CardDetailRow {
  match: typeof cardMatches.$inferSelect;
  /** The card's price when it was listed: what the seller had paid for it. */
  listedCardPrice: string;
  /** When the seller got the card: their latest bought/matched/split_from line before the sale. */
  acquiredAt: Date | null;
  acquiredFuelFee: string | null;
}

export async function soldByMatchIds(db: Executor, matchIds: number[]): Promise<SoldCardRow[]> {
  if (matchIds.length === 0) return [];
  const rows = await db
    .select({
      ...detailColumns,
      match: cardMatches,
      listedCardPrice: sql<string>`(select l.card_price from ${cardListings} l where l.id = ${cardMatches.listingId})`,
      // The seller's own acquisition: their latest bought / matched / split_from line before the sale.
      acquired: sql<string | null>`(select json_build_array(h.created_at, h.fuel_fee::text)::text from ${cardHistory} h
        where h.card_id = ${cardMatches.cardId} and h.owner_id = ${cardMatches.sellerId} and h.event in ('bought', 'matched', 'split_from')
        and h.created_at < ${cardMatches.createdAt} order by h.id desc limit 1)`,
    })
    .from(cardMatches)
    .innerJoin(cards, eq(cards.id, cardMatches.cardId))
    .innerJoin(cardTypes, eq(cardTypes.id, cards.cardTypeId))
    .leftJoin(cardListings, and(eq(cardListings.cardId, cards.id), eq(cardListings.state, 'listed')))
    .leftJoin(cardSessions, eq(cardSessions.id, cards.sessionId))
    .where(inArray(cardMatches.id, matchIds));
  return rows.map(({ acquired, ...r }) => {
    const [at, fuelFee] = acquired === null ? [null, null] : (JSON.parse(acquired) as [string, string | null]);
    return { ...r, acquiredAt: at === null ? null : new Date(at), acquiredFuelFee: fuelFee };
  });
}

/** One page of the user's cards (held ones by `cards`, sold ones by `card_matches`), newest first: [kind, id]. */
export async function myCardPage(
  db: Executor,
  userId: number,
  state: 'warehouse' | 'listed' | 'split' | 'sold' | undefined,
  limit: number,
  offset: number,
): Promise<{ page: { kind: 'card' | 'sold'; id: number }[]; total: number }> {
  const held: SQL = sql`select 'card' as kind, id, purchased_at as at from ${cards} where owner_id = ${userId}${state && state !== 'sold' ? sql` and state = ${state}` : sql``}`;
  const sold: SQL = sql`select 'sold' as kind, id, created_at as at from ${cardMatches} where seller_id = ${userId}`;
  const union = state === undefined ? sql`${held} union all ${sold}` : state === 'sold' ? sold : held;
  const page = await db.execute(sql`select kind, id from (${union}) u order by at desc, id desc limit ${limit} offset ${offset}`);
  const total = await db.execute(sql`select count(*)::int as total from (${union}) u`);
  const rows = (page as unknown as { rows: { kind: 'card' | 'sold'; id: number | string }[] }).rows;
  return {
    page: rows.map((r) => ({ kind: r.kind, id: Number(r.id) })),
    total: Number((total as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0),
  };
}

/** Whether the user owns the card now or owned it before (a line of its history names them as owner). */
export async function everOwned(db: Executor, cardId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: cardHistory.id })
    .from(cardHistory)
    .where(and(eq(cardHistory.cardId, cardId), eq(cardHistory.ownerId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function historyOf(db: Executor, cardId: number): Promise<CardHistoryRow[]> {
  return db.select().from(cardHistory).where(eq(cardHistory.cardId, cardId)).orderBy(asc(cardHistory.id));
}

/** The user's latest sale of this card. */
export async function latestSaleBy(db: Executor, cardId: number, sellerId: number): Promise<number | undefined> {
  const rows = await db
    .select({ id: cardMatches.id })
    .from(cardMatches)
    .where(and(eq(cardMatches.cardId, cardId), eq(cardMatches.sellerId, sellerId)))
    .orderBy(desc(cardMatches.id))
    .limit(1);
  return rows[0]?.id;
}

/** Sessions whose open or close job is due but the state does not show it yet (a safety net for lost jobs). */
export async function sessionsBehindTheClock(db: Executor, at: Date): Promise<{ toOpen: CardSessionRow[]; toClose: CardSessionRow[] }> {
  const toOpen = await db
    .select()
    .from(cardSessions)
    .where(and(eq(cardSessions.state, 'scheduled'), lte(cardSessions.opensAt, at), gt(cardSessions.closesAt, at)));
  const toClose = await db
    .select()
    .from(cardSessions)
    .where(and(or(eq(cardSessions.state, 'scheduled'), eq(cardSessions.state, 'open')), lte(cardSessions.closesAt, at)));
  return { toOpen, toClose };
}
