import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, timestamptz } from './columns.js';
import { userRef, users } from './users.js';

/**
 * Proof of liabilities (decision 098): one row per sum tree. `secret` derives every leaf's nonce (HMAC-SHA256) and
 * never leaves the server; with the leaves below it rebuilds the tree exactly, so no node is stored.
 */
export const liabilitiesSnapshots = pgTable(
  'liabilities_snapshots',
  {
    id: serialId(),
    root: text('root').notNull(),
    /** The tree's asset order (the columns of every leaf and sum). */
    assets: jsonb('assets').$type<string[]>().notNull(),
    /** The root's sums, `[{ asset, amount }]` with 8-place amounts: what users held in total. */
    totals: jsonb('totals').$type<{ asset: string; amount: string }[]>().notNull(),
    leafCount: integer('leaf_count').notNull(),
    userCount: integer('user_count').notNull(),
    secret: text('secret').notNull(),
    trigger: text('trigger').notNull(),
    /** The operator who asked for it; null for the daily job. */
    actorId: integer('actor_id').references(() => users.id),
    takenAt: timestamptz('taken_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('liabilities_snapshots_taken').on(t.takenAt),
    check('liabilities_snapshots_trigger', sql`${t.trigger} in ('daily', 'operator')`),
    check('liabilities_snapshots_leaf_count', sql`${t.leafCount} >= 2 and ${t.leafCount} >= ${t.userCount} and ${t.userCount} >= 0`),
  ],
);

/** Each user's leaf in a tree: where it stands (the shuffled order) and the balances it holds, in the tree's asset order. */
export const liabilitiesLeaves = pgTable(
  'liabilities_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => liabilitiesSnapshots.id),
    userId: userRef('user_id'),
    leafIndex: integer('leaf_index').notNull(),
    balances: jsonb('balances').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.userId] }),
    uniqueIndex('liabilities_leaves_position').on(t.snapshotId, t.leafIndex),
    check('liabilities_leaves_index', sql`${t.leafIndex} >= 0`),
  ],
);
