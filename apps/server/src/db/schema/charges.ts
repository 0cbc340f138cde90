import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger.js';
import { users } from './users.js';

/**
 * RUSD bought with native BNB sent on chain. A row is written only together with its credit (`entry_id`);
 * the unique index on `tx_hash` makes a transfer credit once, whoever submits it and however often.
 */
export const bnbCharges = pgTable(
  'bnb_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Lower-case transaction hash. */
    txHash: text('tx_hash').notNull(),
    /** BNB received, truncated to 8 places from 18. */
    amountBnb: numeric('amount_bnb', { precision: 38, scale: 8 }).notNull(),
    /** BNB_PRICE_USDT and RUSD_PER_USDT at the time of the credit. */
    price: numeric('price', { precision: 38, scale: 8 }).notNull(),
    rate: numeric('rate', { precision: 38, scale: 8 }).notNull(),
    rusd: numeric('rusd', { precision: 38, scale: 8 }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bnb_charges_tx_hash_key').on(t.txHash),
    check('bnb_charges_tx_hash_format', sql`${t.txHash} ~ '^0x[0-9a-f]{64}$'`),
    check('bnb_charges_amounts_positive', sql`${t.amountBnb} > 0 and ${t.rusd} > 0`),
  ],
);
