import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { exactAmount, timestamptz } from './columns.js';
import { userRef, users } from './users.js';

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

/**
 * One row per user (a trigger on users inserts it, decision 064): their team figures, kept up to date
 * incrementally — counts when a subtree is attached to the referral tree (users service, same transaction),
 * performance by the `community` outbox consumer (same transaction as its cursor) — so reading them is one
 * primary-key lookup whatever the depth. small-area = team_performance − large_area is derived, never stored.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    directCount: integer('direct_count').notNull().default(0),
    indirectCount: integer('indirect_count').notNull().default(0),
    ownPerformance: exactAmount('own_performance').notNull().default('0'),
    teamPerformance: exactAmount('team_performance').notNull().default('0'),
    /** The largest direct branch (a direct member's own + team performance); branches only grow, so greatest(). */
    largeArea: exactAmount('large_area').notNull().default('0'),
    /** How the member appears to their team and leader (community/setInfo): free text, null for none. */
    contact: text('contact'),
  },
  (t) => [
    check('community_members_counts_nonnegative', sql`${t.directCount} >= 0 and ${t.indirectCount} >= 0`),
    check('community_members_large_within_team', sql`${t.largeArea} >= 0 and ${t.largeArea} <= ${t.teamPerformance}`),
  ],
);

/** A user's private remark on a member of their team (only the owner reads it). */
export const communityRemarks = pgTable(
  'community_remarks',
  {
    ownerId: userRef('owner_id'),
    memberId: userRef('member_id'),
    remark: text('remark').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.memberId] })],
);

/**
 * The operator's levels V0…Vn: a user holds the highest level whose every threshold they meet (small-area
 * performance, direct count, and a balance of one asset when `holding_asset` is set). V0 is seeded with zero
 * thresholds and cannot be removed.
 */
export const communityLevels = pgTable(
  'community_levels',
  {
    level: integer('level').primaryKey(),
    name: text('name').notNull(),
    minSmallArea: exactAmount('min_small_area').notNull().default('0'),
    minDirect: integer('min_direct').notNull().default(0),
    holdingAsset: text('holding_asset'),
    minHolding: exactAmount('min_holding').notNull().default('0'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('community_levels_level_range', sql`${t.level} between 0 and 100`),
    check('community_levels_thresholds_nonnegative', sql`${t.minSmallArea} >= 0 and ${t.minDirect} >= 0 and ${t.minHolding} >= 0`),
  ],
);
