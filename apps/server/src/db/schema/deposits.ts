import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger.js';
import { users } from './users.js';

/**
 * On-chain deposits claimed by their transaction hash. The unique index on `tx_hash` is what makes a
 * transfer credit once: a second claim of the same hash (by anyone, at any time) cannot insert a row.
 * Crediting posts one journal entry from the `chain_in` system account (`entry_id`) and moves the row
 * from `pending` to `credited` under its row lock, so the request and the watcher cannot both credit it.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    /** Lower-case transaction hash. */
    txHash: text('tx_hash').notNull(),
    /** Truncated to 8 places from the token's 18; null while the transaction is not mined. */
    amount: numeric('amount', { precision: 38, scale: 8 }),
    status: text('status').notNull().default('pending'),
    /** The error code that made a pending deposit fail. */
    failure: text('failure'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** As of the last check, counting the transaction's own block. */
    confirmations: integer('confirmations').notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_tx_hash_key').on(t.txHash),
    index('deposits_user_id_idx').on(t.userId, t.id.desc()),
    // The watcher's queue: only the pending rows, oldest first.
    index('deposits_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('deposits_status', sql`${t.status} in ('pending', 'credited', 'failed')`),
    check('deposits_tx_hash_format', sql`${t.txHash} ~ '^0x[0-9a-f]{64}$'`),
    check('deposits_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check('deposits_confirmations_nonnegative', sql`${t.confirmations} >= 0`),
    check(
      'deposits_status_consistent',
      sql`case ${t.status}
        when 'pending' then ${t.entryId} is null and ${t.creditedAt} is null and ${t.failure} is null
        when 'credited' then ${t.entryId} is not null and ${t.creditedAt} is not null and ${t.amount} is not null and ${t.failure} is null
        else ${t.entryId} is null and ${t.creditedAt} is null and ${t.failure} is not null
      end`,
    ),
  ],
);
