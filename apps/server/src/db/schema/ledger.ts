import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENTRY_KINDS, POSTING_KINDS } from '@reef/contract';
import { bigId, createdAt, exactAmount } from './columns.js';
import { users } from './users.js';

/**
 * One row per (owner, asset). A user account can never go below zero: the CHECK is the last line of
 * defence behind the ledger's conditional update, so no code path (or concurrent request) can overdraw.
 * System accounts (fees, adjustments, later pools and pending withdrawals) are the other side of entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigId(),
    userId: integer('user_id').references(() => users.id),
    systemKey: text('system_key'),
    asset: text('asset').notNull(),
    balance: exactAmount('balance').notNull().default('0'),
    /** Only the operators' adjustment account may go below zero: its balance is minus what they put in. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_asset_key').on(t.userId, t.asset),
    uniqueIndex('ledger_accounts_system_asset_key').on(t.systemKey, t.asset),
    check('ledger_accounts_one_owner', sql`(${t.userId} is null) <> (${t.systemKey} is null)`),
    check('ledger_accounts_nonnegative', sql`${t.mayGoNegative} or ${t.balance} >= 0`),
    check('ledger_accounts_users_never_negative', sql`${t.userId} is null or not ${t.mayGoNegative}`),
  ],
);

/**
 * `kind in ('a', 'b', …)` over the contract's list (decision 094): the SQL money functions write kinds the compiler
 * never sees, so the database refuses one the contract does not list. Built from the list, a new kind changes the
 * schema and the next generated migration carries it.
 */
const knownKind = (column: Parameters<typeof sql>[1], kinds: readonly string[]) => sql`${column} in (${sql.raw(kinds.map((kind) => `'${kind}'`).join(', '))})`;

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigId(),
    kind: text('kind').notNull(),
    memo: text('memo').notNull().default(''),
    /** Who caused it: the acting user, or the operator for adjustments. */
    actorId: integer('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('journal_entries_kind_known', knownKind(t.kind, ENTRY_KINDS))],
);

/**
 * The lines of an entry. A deferred constraint trigger (see the migration) refuses to commit an entry
 * whose postings do not sum to zero per asset. user_id is copied from the account so a user's bill is
 * one index range scan, newest first.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigId(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    userId: integer('user_id').references(() => users.id),
    asset: text('asset').notNull(),
    amount: exactAmount('amount').notNull(),
    balanceAfter: exactAmount('balance_after').notNull(),
    kind: text('kind').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_user_id_idx').on(t.userId, t.id),
    index('postings_user_asset_id_idx').on(t.userId, t.asset, t.id),
    // Income pages and sums read one reward kind of one user (user/award_log, user/incomes).
    index('postings_user_kind_id_idx').on(t.userId, t.kind, t.id),
    index('postings_account_idx').on(t.accountId, t.id),
    // What users paid per day (the console's turnover and active users, decision 090): only users' debits, a
    // fraction of the lines (credits, system sides and rewards are left out), read by a range of days.
    index('postings_user_debit_created_idx')
      .on(t.createdAt)
      .where(sql`${t.userId} is not null and ${t.amount} < 0`),
    check('postings_amount_nonzero', sql`${t.amount} <> 0`),
    check('postings_kind_known', knownKind(t.kind, POSTING_KINDS)),
  ],
);
