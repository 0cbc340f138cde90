import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BusinessEvent } from '@reef/contract';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { businessEvents, eventConsumers } from '../../db/schema/index.js';

/**
 * Any constant. Every transaction that writes an event holds this advisory lock shared until it ends; a
 * reader takes it exclusively for an instant to learn the horizon below which no event is still in flight.
 */
const OUTBOX_LOCK_KEY = 7_311_025;

export type EventRow = typeof businessEvents.$inferSelect;

export async function insertEvent(tx: Transaction, row: { type: string; userId: number | null; payload: unknown; occurredAt: Date }): Promise<bigint> {
  // Before the id is drawn: a reader's horizon must wait for this transaction (see safeHorizon).
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${OUTBOX_LOCK_KEY})`);
  const [inserted] = await tx.insert(businessEvents).values(row).returning({ id: businessEvents.id });
  return inserted!.id;
}

/** `insertEvent` for several rows in one statement (one shared lock), ids in the rows' order. */
export async function insertEvents(tx: Transaction, rows: { type: string; userId: number | null; payload: unknown; occurredAt: Date }[]): Promise<bigint[]> {
  if (rows.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${OUTBOX_LOCK_KEY})`);
  const inserted = await tx.insert(businessEvents).values(rows).returning({ id: businessEvents.id });
  return inserted.map((row) => row.id);
}

/**
 * The highest id such that every event at or below it is committed or rolled back for good. Ids are drawn
 * in one order and committed in another; waiting for the exclusive lock waits out every transaction that
 * drew an id before, and every later one draws a higher id.
 */
export async function safeHorizon(db: Database): Promise<bigint> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY})`);
    const [row] = await tx.select({ max: sql<string | null>`max(${businessEvents.id})` }).from(businessEvents);
    return BigInt(row?.max ?? 0);
  });
}

/** Locks the consumer's cursor row (created at 0 on first use), so one reader of a name runs at a time. */
export async function lockCursor(tx: Transaction, name: string): Promise<bigint> {
  await tx.insert(eventConsumers).values({ name }).onConflictDoNothing();
  const [row] = await tx.select({ lastId: eventConsumers.lastId }).from(eventConsumers).where(eq(eventConsumers.name, name)).for('update');
  return row!.lastId;
}

export async function advanceCursor(tx: Transaction, name: string, lastId: bigint, at: Date): Promise<void> {
  await tx.update(eventConsumers).set({ lastId, updatedAt: at }).where(eq(eventConsumers.name, name));
}

export function eventsAfter(db: Executor, afterId: bigint, upTo: bigint, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(businessEvents)
    .where(and(gt(businessEvents.id, afterId), lte(businessEvents.id, upTo)))
    .orderBy(asc(businessEvents.id))
    .limit(limit);
}

export function eventsByIds(db: Executor, ids: readonly bigint[]): Promise<EventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(businessEvents)
    .where(inArray(businessEvents.id, [...ids]));
}

export function eventsOfUser(db: Executor, userId: number, limit: number): Promise<EventRow[]> {
  return db.select().from(businessEvents).where(eq(businessEvents.userId, userId)).orderBy(asc(businessEvents.id)).limit(limit);
}

/** Whether an event with an id above the consumer's cursor happened before `before` (it is not handled yet). */
export async function pendingBefore(db: Executor, name: string, before: Date): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from ${businessEvents} e
     where e.id > coalesce((select c.last_id from ${eventConsumers} c where c.name = ${name}), 0)
       and e.occurred_at < ${before.toISOString()}::timestamptz
     limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * `reef_record_events(…)` (migration 0019) as an expression for a caller's own statement: one event of `type` per
 * element of the caller's SQL arrays (user ids, JSON payloads), for a set-based writer (the pledge settlement).
 * Events are not money: the function lives with the outbox, so lint lets modules/events (and modules/ledger)
 * name it (decision 094).
 */
export function recordEventsCall(type: BusinessEvent['type'], userIds: SQL, payloads: SQL, at: SQL): SQL {
  return sql`reef_record_events(${type}, ${userIds}, ${payloads}, ${at})`;
}
