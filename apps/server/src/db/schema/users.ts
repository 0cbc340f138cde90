import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { serialId, createdAt, timestamptz } from './columns.js';

export const users = pgTable(
  'users',
  {
    /** The uid users see and share as their referral id. */
    id: serialId(),
    /** Wallet address, lower-case (comparisons and the unique index stay case-free). */
    account: text('account').notNull(),
    nickname: text('nickname').notNull().default(''),
    /** The avatar's upload address (`/uploads/<sha256>.<ext>`), one of the user's own uploads; null for none. */
    avatar: text('avatar'),
    level: integer('level').notNull().default(0),
    pledged: boolean('pledged').notNull().default(false),
    /** A community leader (set by operators, audited): their team's cards split by their rule (decision 050). */
    leader: boolean('leader').notNull().default(false),
    referrerId: integer('referrer_id').references((): any => users.id), // eslint-disable-line @typescript-eslint/no-explicit-any -- self reference needs the loose type
    /** Transaction password: `scrypt$N$r$p$salt$hash` (base64url), never the password itself. */
    payPasswordHash: text('pay_password_hash'),
    /** Wrong transaction passwords in a row; back to 0 on a success and when a lock starts. */
    payPasswordFailures: integer('pay_password_failures').notNull().default(0),
    /** Set after too many wrong passwords: every attempt before this time is refused. */
    payPasswordLockedUntil: timestamptz('pay_password_locked_until'),
    /** Set by an operator (audited): the user signs in and reads but moves no money (`movesMoney` routes, decision 084). */
    frozenAt: timestamptz('frozen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.account),
    index('users_referrer_idx').on(t.referrerId),
    // The console's sign-ups per day (today and the last 14 days, decision 090) read a range of this.
    index('users_created_idx').on(t.createdAt),
    // The console's user list sorted by level (decision 090): the largest of the sorted lists, so not a scan.
    index('users_level_id_idx').on(t.level, t.id),
    check('users_account_lower', sql`${t.account} = lower(${t.account})`),
    check('users_pay_password_failures_nonnegative', sql`${t.payPasswordFailures} >= 0`),
  ],
);

/** A required reference to a user (owner, sender, member…): the column every user-owned table has. */
export const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id);

/**
 * Closure table of the referral tree: one row per (ancestor, descendant) pair, including (u, u, 0).
 * A whole downline, or its size per depth, is one indexed range scan on (ancestor_id, depth).
 */
export const referralPaths = pgTable(
  'referral_paths',
  {
    ancestorId: userRef('ancestor_id'),
    descendantId: userRef('descendant_id'),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('referral_paths_ancestor_depth_idx').on(t.ancestorId, t.depth),
    // A member's upline, nearest first, read from the index alone (decision 086): the reward engine and the team
    // figures read every buyer's ancestors; on the heap a deep member's rows are scattered, in the index they are one range.
    index('referral_paths_descendant_depth_idx').on(t.descendantId, t.depth, t.ancestorId),
    check('referral_paths_depth_nonnegative', sql`${t.depth} >= 0`),
  ],
);
