import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, serialId, createdAt, exactAmount } from './columns.js';
import { userRef, users } from './users.js';

/**
 * A liquidity pool ("lake"): constant product x·y = k between a base and a quote asset. Its reserves are
 * not columns here but the balances of its ledger accounts (system key `lake:<id>`), so every swap is an
 * ordinary balanced journal entry and the books always show where each unit is.
 */
export const lakes = pgTable(
  'lakes',
  {
    id: serialId(),
    baseAsset: text('base_asset').notNull(),
    quoteAsset: text('quote_asset').notNull(),
    /** Share of the input kept as fee, e.g. 0.003. */
    feeRate: numeric('fee_rate', { precision: 10, scale: 8 }).notNull(),
    /** Share of the fee that is burned; the rest stays in the pool. */
    burnShare: numeric('burn_share', { precision: 10, scale: 8 }).notNull(),
    open: boolean('open').notNull().default(true),
    /** The lake whose price is the coin price. */
    main: boolean('main').notNull().default(false),
    /** The console user who opened it: they may not trade in it during the cooling-off period (decision 092). */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lakes_pair_key').on(t.baseAsset, t.quoteAsset),
    uniqueIndex('lakes_one_main')
      .on(t.main)
      .where(sql`${t.main}`),
    check('lakes_distinct_assets', sql`${t.baseAsset} <> ${t.quoteAsset}`),
    check('lakes_rates', sql`${t.feeRate} >= 0 and ${t.feeRate} < 1 and ${t.burnShare} >= 0 and ${t.burnShare} <= 1`),
  ],
);

export const swaps = pgTable(
  'swaps',
  {
    id: bigId(),
    lakeId: integer('lake_id')
      .notNull()
      .references(() => lakes.id),
    userId: userRef('user_id'),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    assetIn: text('asset_in').notNull(),
    amountIn: exactAmount('amount_in').notNull(),
    assetOut: text('asset_out').notNull(),
    amountOut: exactAmount('amount_out').notNull(),
    fee: exactAmount('fee').notNull(),
    burn: exactAmount('burn').notNull(),
    /** Quote volume of the trade. */
    volumeQuote: exactAmount('volume_quote').notNull(),
    priceAfter: exactAmount('price_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('swaps_lake_id_idx').on(t.lakeId, t.id), index('swaps_lake_created_idx').on(t.lakeId, t.createdAt)],
);

/** The price series: a point on every swap and a sampled point at a fixed interval. */
export const pricePoints = pgTable(
  'price_points',
  {
    id: bigId(),
    lakeId: integer('lake_id')
      .notNull()
      .references(() => lakes.id),
    price: exactAmount('price').notNull(),
    kind: text('kind').notNull(),
    volumeQuote: exactAmount('volume_quote').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [index('price_points_lake_created_idx').on(t.lakeId, t.createdAt), check('price_points_kind', sql`${t.kind} in ('swap', 'sample')`)],
);
