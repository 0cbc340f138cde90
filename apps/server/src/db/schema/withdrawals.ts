import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, timestamptz, exactAmount } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Withdrawals to the user's own wallet. The money is not here: requesting one posts a journal entry that
 * moves amount + fee from the user to the `pending_withdrawal` system account (`entry_id`); approving or
 * rejecting it posts the second entry (`settle_entry_id`) out of that account. A row leaves `pending`
 * exactly once, under its row lock.
 *
 * A hot-wallet payout first commits `paying` (`paying_by`, `paying_since`) and only then sends the transfer
 * (decision 019): a row in `paying` is never sent again; it becomes `approved` with the hash, goes back to
 * `pending` when the send failed before broadcast (`payout_failure`), or waits for an operator to resolve it.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigId(),
    userId: userRef('user_id'),
    asset: text('asset').notNull(),
    amount: exactAmount('amount').notNull(),
    fee: exactAmount('fee').notNull(),
    /** Lower-case wallet address: the user's own account at the time of the request. */
    toAddress: text('to_address').notNull(),
    status: text('status').notNull().default('pending'),
    /** Lower-case payout transaction hash, recorded by the approving operator. */
    txHash: text('tx_hash'),
    /** Why an operator rejected it (shown to the user). */
    reason: text('reason'),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    /** The operator who started the hot-wallet payout, and when (null while pending; kept once settled). */
    payingBy: integer('paying_by').references(() => users.id),
    payingSince: timestamptz('paying_since'),
    /** Why the last hot-wallet send failed before broadcast (for operators). */
    payoutFailure: text('payout_failure'),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A user's list, newest first; the operators' queue by status, oldest first or newest first.
    index('withdrawals_user_id_idx').on(t.userId, t.id.desc()),
    index('withdrawals_status_id_idx').on(t.status, t.id),
    check('withdrawals_status', sql`${t.status} in ('pending', 'paying', 'approved', 'rejected')`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check('withdrawals_tx_hash_format', sql`${t.txHash} is null or ${t.txHash} ~ '^0x[0-9a-f]{64}$'`),
    // Each status carries exactly what it means: a pending row has no review, a settled one has its entry.
    check(
      'withdrawals_review_consistent',
      sql`case ${t.status}
        when 'pending' then ${t.settleEntryId} is null and ${t.reviewedAt} is null and ${t.txHash} is null and ${t.reason} is null and ${t.payingBy} is null and ${t.payingSince} is null
        when 'paying' then ${t.settleEntryId} is null and ${t.reviewedAt} is null and ${t.txHash} is null and ${t.reason} is null and ${t.payingBy} is not null and ${t.payingSince} is not null
        when 'approved' then ${t.settleEntryId} is not null and ${t.reviewedAt} is not null and ${t.txHash} is not null and ${t.reason} is null
        else ${t.settleEntryId} is not null and ${t.reviewedAt} is not null and ${t.reason} is not null and ${t.txHash} is null
      end`,
    ),
  ],
);
