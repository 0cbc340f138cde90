import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * One run of the continuous reconciliation (decision 097): when it started and finished, who asked for it (null for
 * the periodic job), and each check's outcome with the figures that differ. Kept for the record; the latest row is
 * what /metrics and the console show.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigId(),
    trigger: text('trigger').notNull(),
    requestedBy: integer('requested_by').references(() => users.id),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at').notNull(),
    /** False when any check failed or could not be completed; a check that is not configured does not fail the run. */
    ok: boolean('ok').notNull(),
    /** `ReconciliationCheck[]` of the contract: name, status, mismatch count, the differing figures. */
    checks: jsonb('checks').notNull(),
  },
  (t) => [
    index('reconciliation_runs_finished_idx').on(t.finishedAt.desc()),
    check('reconciliation_runs_trigger', sql`${t.trigger} in ('schedule', 'operator')`),
    check('reconciliation_runs_requested', sql`(${t.trigger} = 'operator') = (${t.requestedBy} is not null)`),
  ],
);
