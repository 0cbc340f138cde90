import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The job runner's queue (decision 026). A periodic job is one row per name, re-scheduled after each run;
 * a deferred job is a row with a payload, unique by its key so enqueuing twice schedules once. A claimed
 * job holds a lease (`locked_until`): a process that dies mid-job leaves it to be claimed again after it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** The handler that runs it. */
    name: text('name').notNull(),
    /** Unique: a periodic job's name, or the idempotency key of a deferred one. */
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull().default({}),
    /** Milliseconds between runs of a periodic job; null for a one-off. */
    intervalMs: integer('interval_ms'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lastError: text('last_error'),
    /** Set when a one-off succeeded or gave up; finished rows are kept for the record and never claimed. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The request that enqueued it, if one did: its log lines and socket frames carry this id (decision 081). */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);
