import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The business-event outbox (decision 025): one row per business change, written in the change's own
 * transaction; append-only (a trigger refuses UPDATE and DELETE). Readers follow it by id.
 */
export const businessEvents = pgTable(
  'business_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    type: text('type').notNull(),
    userId: integer('user_id').references(() => users.id),
    /** The event's fields other than type and user id, as the contract's `businessEvent` parses them. */
    payload: jsonb('payload').notNull(),
    /** Business time (the clock module), not the row's insert time. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('business_events_user_idx').on(t.userId, t.id), index('business_events_type_idx').on(t.type, t.id)],
);

/** Where each named reader of the outbox is: every event with id ≤ last_id has been handled once. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
