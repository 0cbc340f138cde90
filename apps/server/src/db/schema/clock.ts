import { bigint, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The test clock's offset, one row, so every process of a deployment moves together (decision 025).
 * Only read or written when CLOCK_ADJUSTABLE is on; production never has a row.
 */
export const clockSettings = pgTable(
  'clock_settings',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    /** Raised by every move: a process applies a read offset only if it is newer than the one it has (issue 27). */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('clock_settings_one_row', sql`${t.id} = 1`)],
);
