import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A liquidity pool ("lake"): constant product x·y = k between a base and a quote asset. Its reserves are
 * not columns here but the balances of its ledger accounts (system key `lake:<id>`), so every swap is an
 * ordinary balanced journal entry and the books always show where each unit is.
 */
export const lakes = pgTable(
  'lakes',
  {
    id: serial('id').primaryKey(),
    baseAsset: text('base_asset').notNull(),
    quoteAsset: text('quote_asset').notNull(),
    /** Share of the input kept as fee, e.g. 0.003. */
    feeRate: numeric('fee_rate', { precision: 10, scale: 8 }).notNull(),
    /** Share of the fee that is burned; the rest stays in the pool. */
    burnShare: numeric('burn_share', { precision: 10, scale: 8 }).notNull(),
    open: boolean('open').notNull().default(true),
    /** The lake whose price is the coin price. */
    main: boolean('main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lakes_pair_key').on(t.baseAsset, t.quoteAsset),
    uniqueIndex('lakes_one_main').on(t.main).where(sql`${t.main}`),
    check('lakes_distinct_assets', sql`${t.baseAsset} <> ${t.quoteAsset}`),
    check('lakes_rates', sql`${t.feeRate} >= 0 and ${t.feeRate} < 1 and ${t.burnShare} >= 0 and ${t.burnShare} <= 1`),
  ],
);

export const swaps = pgTable(
  'swaps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lakeId: integer('lake_id').notNull().references(() => lakes.id),
    userId: integer('user_id').notNull().references(() => users.id),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    assetIn: text('asset_in').notNull(),
    amountIn: numeric('amount_in', { precision: 38, scale: 8 }).notNull(),
    assetOut: text('asset_out').notNull(),
    amountOut: numeric('amount_out', { precision: 38, scale: 8 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 8 }).notNull(),
    burn: numeric('burn', { precision: 38, scale: 8 }).notNull(),
    /** Quote volume of the trade. */
    volumeQuote: numeric('volume_quote', { precision: 38, scale: 8 }).notNull(),
    priceAfter: numeric('price_after', { precision: 38, scale: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('swaps_lake_id_idx').on(t.lakeId, t.id), index('swaps_lake_created_idx').on(t.lakeId, t.createdAt)],
);

/** The price series: a point on every swap and a sampled point at a fixed interval. */
export const pricePoints = pgTable(
  'price_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lakeId: integer('lake_id').notNull().references(() => lakes.id),
    price: numeric('price', { precision: 38, scale: 8 }).notNull(),
    kind: text('kind').notNull(),
    volumeQuote: numeric('volume_quote', { precision: 38, scale: 8 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_points_lake_created_idx').on(t.lakeId, t.createdAt), check('price_points_kind', sql`${t.kind} in ('swap', 'sample')`)],
);
