import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { exactAmount, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Which purchases count as performance for the team figures and the rewards (issue 13, decision 064): an
 * operator's choice per kind of purchase. Seeded with every kind counting.
 */
export const qualifyingPurchaseKinds = pgTable(
  'community_qualifying_kinds',
  {
    kind: text('kind').primaryKey(),
    counts: boolean('counts').notNull().default(true),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('community_qualifying_kinds_kind', sql`${t.kind} in ('card_starter', 'card_market', 'miner', 'pledge')`)],
);

/**
 * What one unit of a paying asset is worth in performance (USDT-equivalent, exact). A purchase paid in an
 * asset without a row counts for nothing: the platform coin's price moves, so it is left out unless an
 * operator adds it. Seeded with usdt and rusd at 1 (RUSD is charged 1:1 from USDT).
 */
export const performanceAssets = pgTable(
  'community_performance_assets',
  {
    asset: text('asset').primaryKey(),
    factor: exactAmount('factor').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('community_performance_assets_factor_positive', sql`${t.factor} > 0`)],
);
