/**
 * The business-event outbox (decision 025). A service records an event with `recordEvent(tx, …)` inside the
 * transaction of its change, so the event exists exactly when the change does. A reader (`consumeEvents`)
 * hands events to a named consumer in id order, each exactly once: the consumer's cursor advances in the
 * same transaction as the consumer's own writes, and only ids below the safe horizon are handed over, so
 * an id that commits late on PostgreSQL is never stepped over.
 */
import { businessEvent, type BusinessEvent } from '@reef/contract';
import { now } from '../../core/clock.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import * as repo from './events.repository.js';

export type StoredEvent = BusinessEvent & { id: bigint; occurred_at: Date };

/** Writes the event in the caller's transaction; an event the contract refuses is a programming error. */
export async function recordEvent(tx: Transaction, event: BusinessEvent): Promise<bigint> {
  const { type, user_id: userId, ...payload } = businessEvent.parse(event);
  return repo.insertEvent(tx, { type, userId, payload, occurredAt: now() });
}

/** `recordEvent` for several events of one transaction, in one statement. */
export async function recordEvents(tx: Transaction, events: readonly BusinessEvent[]): Promise<bigint[]> {
  const occurredAt = now();
  return repo.insertEvents(
    tx,
    events.map((event) => {
      const { type, user_id: userId, ...payload } = businessEvent.parse(event);
      return { type, userId, payload, occurredAt };
    }),
  );
}

/**
 * For an event a database function recorded in the caller's transaction (a swap, decision 034): the same
 * contract check `recordEvent` makes, before the transaction commits, so a refused event rolls it back.
 */
export function checkEvent(event: BusinessEvent): void {
  businessEvent.parse(event);
}

function toStored(row: repo.EventRow): StoredEvent {
  const parsed = businessEvent.parse({ ...(row.payload as object), type: row.type, user_id: row.userId });
  return { ...parsed, id: row.id, occurred_at: row.occurredAt };
}

export interface ConsumeOptions {
  /** Events per transaction: the cursor advances once per batch. */
  batchSize?: number;
  /** Stop after this many events (default: until caught up). */
  maxEvents?: number;
}

/**
 * Hands every event the consumer `name` has not yet handled to `handle`, in id order, in batches; each batch
 * runs in one transaction with the cursor update, so a failure rolls back the handler's writes and the
 * cursor together and the events come again next time. Returns how many were handled.
 */
export async function consumeEvents(
  db: Database,
  name: string,
  handle: (tx: Transaction, event: StoredEvent) => Promise<void>,
  options: ConsumeOptions = {},
): Promise<number> {
  return consumeEventBatches(
    db,
    name,
    async (tx, events) => {
      for (const event of events) await handle(tx, event);
    },
    options,
  );
}

/**
 * As `consumeEvents`, but the handler receives each batch whole (id order), for a consumer whose writes are
 * set-based over the batch (the community figures, decision 064): same transaction, same cursor, same guarantees.
 */
export async function consumeEventBatches(
  db: Database,
  name: string,
  handle: (tx: Transaction, events: StoredEvent[]) => Promise<void>,
  options: ConsumeOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 100;
  const maxEvents = options.maxEvents ?? Number.POSITIVE_INFINITY;
  const horizon = await repo.safeHorizon(db);
  let handled = 0;
  while (handled < maxEvents) {
    const count = await db.transaction(async (tx) => {
      const lastId = await repo.lockCursor(tx, name);
      const rows = await repo.eventsAfter(tx, lastId, horizon, Math.min(batchSize, maxEvents - handled));
      if (rows.length === 0) return 0;
      await handle(tx, rows.map(toStored));
      await repo.advanceCursor(tx, name, rows.at(-1)!.id, now());
      return rows.length;
    });
    handled += count;
    if (count === 0) break;
  }
  return handled;
}

/** The events with these ids (an explanation reading back the purchase a line came from). */
export async function eventsByIds(db: Executor, ids: readonly bigint[]): Promise<StoredEvent[]> {
  return (await repo.eventsByIds(db, ids)).map(toStored);
}

/** A user's events, oldest first (tests and the coming operator views). */
export async function eventsOfUser(db: Executor, userId: number, limit = 100): Promise<StoredEvent[]> {
  return (await repo.eventsOfUser(db, userId, limit)).map(toStored);
}

/**
 * Whether the consumer `name` has handled every event that happened before `before` (a day's close): what a
 * daily settlement that sums the consumer's work waits for.
 */
export async function consumedBefore(db: Executor, name: string, before: Date): Promise<boolean> {
  return !(await repo.pendingBefore(db, name, before));
}
