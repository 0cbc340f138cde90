import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, timestamptz, exactAmount } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef } from './users.js';

/**
 * RUSD bought with native BNB sent on chain. A claim is stored `pending` until the transfer has enough blocks,
 * then credited once — by the submitting request or the background watcher, whichever first sees it confirmed,
 * under the row lock — with the price and rate applied at that moment (`entry_id`). The unique index on
 * `tx_hash` makes a transfer claimable once, whoever submits it and however often.
 */
export const bnbCharges = pgTable(
  'bnb_charges',
  {
    id: bigId(),
    userId: userRef('user_id'),
    /** Lower-case transaction hash. */
    txHash: text('tx_hash').notNull(),
    status: text('status').notNull().default('pending'),
    /** BNB received, truncated to 8 places from 18; null while the transaction is not mined. */
    amountBnb: exactAmount('amount_bnb'),
    /** BNB_PRICE_USDT and RUSD_PER_USDT at the time of the credit, and what they gave. */
    price: exactAmount('price'),
    rate: exactAmount('rate'),
    usdt: exactAmount('usdt'),
    rusd: exactAmount('rusd'),
    /** The error code that made a pending charge fail. */
    failure: text('failure'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** As of the last check, counting the transaction's own block. */
    confirmations: integer('confirmations').notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
    creditedAt: timestamptz('credited_at'),
  },
  (t) => [
    uniqueIndex('bnb_charges_tx_hash_key').on(t.txHash),
    index('bnb_charges_user_id_idx').on(t.userId, t.id.desc()),
    // The watcher's queue: only the pending rows, oldest first.
    index('bnb_charges_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    check('bnb_charges_tx_hash_format', sql`${t.txHash} ~ '^0x[0-9a-f]{64}$'`),
    check('bnb_charges_status', sql`${t.status} in ('pending', 'credited', 'failed')`),
    check('bnb_charges_amounts_positive', sql`(${t.amountBnb} is null or ${t.amountBnb} > 0) and (${t.rusd} is null or ${t.rusd} > 0)`),
    check('bnb_charges_confirmations_nonnegative', sql`${t.confirmations} >= 0`),
    check(
      'bnb_charges_status_consistent',
      sql`case ${t.status}
        when 'pending' then ${t.entryId} is null and ${t.creditedAt} is null and ${t.failure} is null and ${t.rusd} is null
        when 'credited' then ${t.entryId} is not null and ${t.creditedAt} is not null and ${t.amountBnb} is not null
          and ${t.price} is not null and ${t.rate} is not null and ${t.usdt} is not null and ${t.rusd} is not null and ${t.failure} is null
        else ${t.entryId} is null and ${t.creditedAt} is null and ${t.failure} is not null and ${t.rusd} is null
      end`,
    ),
  ],
);
