import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, timestamptz, exactAmount } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Deposits, by one of two methods (decisions 014 and 019).
 *
 * chain: claimed by a transaction hash and verified through the RPC. The unique index on `tx_hash` is what
 * makes a transfer credit once: a second claim of the same hash (by anyone, at any time) cannot insert a row.
 * Crediting posts one journal entry from the `chain_in` system account (`entry_id`) and moves the row from
 * `pending` to `credited` under its row lock, so the request and the watcher cannot both credit it.
 *
 * review (no RPC configured): the user declares an amount with a voucher — a transaction hash (same unique
 * index, so a hash serves once whichever method used it) or an image they uploaded — and the row waits in
 * `review` until an operator approves it (`credited`, same journal entry shape) or rejects it (`rejected`).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigId(),
    userId: userRef('user_id'),
    asset: text('asset').notNull(),
    method: text('method').notNull().default('chain'),
    /** Lower-case transaction hash; null only for a review request whose voucher is an image. */
    txHash: text('tx_hash'),
    /** A review request's voucher image: the address POST /api/upload returned to the same user. */
    voucherImage: text('voucher_image'),
    /** chain: truncated to 8 places from the token's 18, null while the transaction is not mined; review: as declared. */
    amount: exactAmount('amount'),
    status: text('status').notNull().default('pending'),
    /** The error code that made a pending deposit fail. */
    failure: text('failure'),
    /** Why an operator rejected a review request (shown to the user). */
    reason: text('reason'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** As of the last check, counting the transaction's own block. */
    confirmations: integer('confirmations').notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
    creditedAt: timestamptz('credited_at'),
  },
  (t) => [
    uniqueIndex('deposits_tx_hash_key').on(t.txHash),
    // One live claim per voucher image (whoever uploaded the same bytes); a rejected claim frees it for a retry.
    uniqueIndex('deposits_voucher_image_key')
      .on(t.voucherImage)
      .where(sql`${t.status} <> 'rejected'`),
    index('deposits_user_id_idx').on(t.userId, t.id.desc()),
    // The watcher's queue: only the pending rows, oldest first.
    index('deposits_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    // The operators' list by status (the review queue), newest first.
    index('deposits_status_id_idx').on(t.status, t.id),
    check('deposits_method', sql`${t.method} in ('chain', 'review')`),
    check('deposits_status', sql`${t.status} in ('pending', 'credited', 'failed', 'review', 'rejected')`),
    check('deposits_tx_hash_format', sql`${t.txHash} is null or ${t.txHash} ~ '^0x[0-9a-f]{64}$'`),
    check('deposits_voucher_image_format', sql`${t.voucherImage} is null or ${t.voucherImage} ~ '^/uploads/[0-9a-f]{64}[.](png|jpg|gif|webp)$'`),
    check('deposits_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check('deposits_confirmations_nonnegative', sql`${t.confirmations} >= 0`),
    // A chain deposit is its hash; a review request has exactly one voucher and a declared amount.
    check(
      'deposits_method_consistent',
      sql`case ${t.method}
        when 'chain' then ${t.txHash} is not null and ${t.voucherImage} is null and ${t.status} in ('pending', 'credited', 'failed')
        else ${t.amount} is not null and (${t.txHash} is null) <> (${t.voucherImage} is null) and ${t.status} in ('review', 'credited', 'rejected')
      end`,
    ),
    check(
      'deposits_status_consistent',
      sql`case ${t.status}
        when 'pending' then ${t.entryId} is null and ${t.creditedAt} is null and ${t.failure} is null
        when 'credited' then ${t.entryId} is not null and ${t.creditedAt} is not null and ${t.amount} is not null and ${t.failure} is null and ${t.reason} is null
        when 'failed' then ${t.entryId} is null and ${t.creditedAt} is null and ${t.failure} is not null
        when 'review' then ${t.entryId} is null and ${t.creditedAt} is null and ${t.reason} is null and ${t.reviewedAt} is null and ${t.reviewedBy} is null
        else ${t.entryId} is null and ${t.creditedAt} is null and ${t.reason} is not null and ${t.reviewedAt} is not null and ${t.reviewedBy} is not null
      end`,
    ),
    check('deposits_review_recorded', sql`${t.method} = 'chain' or ${t.status} = 'review' or (${t.reviewedAt} is not null and ${t.reviewedBy} is not null)`),
  ],
);
