import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, exactAmount, serialId, timestamptz } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Miner products an operator sells (spec §3 Miner): bought for `price` of `price_asset`; a miner of
 * quantity q yields `daily_output` × q a day until it has produced `price` × `multiple` × q (paid in
 * `output_asset`: the platform coin or mineral points) or its `period_days` have passed (decision 057).
 */
export const miningProducts = pgTable(
  'mining_products',
  {
    id: serialId(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    price: exactAmount('price').notNull(),
    priceAsset: text('price_asset').notNull(),
    periodDays: integer('period_days').notNull(),
    multiple: exactAmount('multiple').notNull(),
    dailyOutput: exactAmount('daily_output').notNull(),
    outputAsset: text('output_asset').notNull(),
    /** Units a user may buy of this product in all (null: no limit). */
    perUserLimit: integer('per_user_limit'),
    /** 'Miner still in use' (spec §8): a user may hold one running miner of this product at a time. */
    oneAtATime: boolean('one_at_a_time').notNull().default(false),
    /** Days a ripe bubble waits to be collected before it expires (decision 057: 7 by default). */
    bubbleExpiryDays: integer('bubble_expiry_days').notNull().default(7),
    /** on_sale, paused (not sold for now) or closed (for good). Running miners are not affected. */
    status: text('status').notNull().default('on_sale'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('mining_products_price_positive', sql`${t.price} > 0`),
    check('mining_products_multiple_positive', sql`${t.multiple} > 0`),
    check('mining_products_daily_positive', sql`${t.dailyOutput} > 0`),
    check('mining_products_period', sql`${t.periodDays} between 1 and 3650`),
    check('mining_products_output_asset', sql`${t.outputAsset} in ('coin', 'mineral')`),
    check('mining_products_limit', sql`coalesce(${t.perUserLimit} > 0, true)`),
    check('mining_products_expiry', sql`${t.bubbleExpiryDays} between 1 and 3650`),
    check('mining_products_status', sql`${t.status} in ('on_sale', 'paused', 'closed')`),
  ],
);

/**
 * A bought miner (and its order: spec §3 Miner order). The product's terms are copied at purchase, so an
 * operator's later edit never changes a running miner. `periods_created` is how far the settlement has
 * gone: day k's bubble exists for every k ≤ periods_created. `next_period_at` is when day k+1 starts.
 */
export const miningMiners = pgTable(
  'mining_miners',
  {
    id: bigId(),
    orderNo: text('order_no').notNull(),
    userId: userRef('user_id'),
    productId: integer('product_id')
      .notNull()
      .references(() => miningProducts.id),
    quantity: integer('quantity').notNull(),
    paidAsset: text('paid_asset').notNull(),
    paidAmount: exactAmount('paid_amount').notNull(),
    periodDays: integer('period_days').notNull(),
    dailyOutput: exactAmount('daily_output').notNull(),
    totalOutput: exactAmount('total_output').notNull(),
    outputAsset: text('output_asset').notNull(),
    bubbleExpiryDays: integer('bubble_expiry_days').notNull(),
    /** Day 1 starts here; moved later by the time a pause lasted, so a paused miner loses no output. */
    startedAt: timestamptz('started_at').notNull(),
    periodsCreated: integer('periods_created').notNull().default(0),
    produced: exactAmount('produced').notNull().default('0'),
    nextPeriodAt: timestamptz('next_period_at'),
    /** mining, paused (by an operator) or ended (all output produced). */
    status: text('status').notNull().default('mining'),
    pausedAt: timestamptz('paused_at'),
    /** When the last bubble ripens: the miner shows as mining until then. */
    endsAt: timestamptz('ends_at'),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mining_miners_order_no_key').on(t.orderNo),
    index('mining_miners_user_idx').on(t.userId, t.id),
    index('mining_miners_user_product_idx').on(t.userId, t.productId),
    check('mining_miners_quantity', sql`${t.quantity} > 0`),
    check('mining_miners_produced', sql`${t.produced} >= 0 and ${t.produced} <= ${t.totalOutput}`),
    check('mining_miners_status', sql`${t.status} in ('mining', 'paused', 'ended')`),
  ],
);

/**
 * One day's output of one miner (mining/paopao): the settlement's natural key (miner, period) is unique, so
 * a day is produced once whatever runs it twice. It grows during day `period` and ripens at its end; the
 * owner collects a ripe bubble once (entry_id) until it expires.
 */
export const miningBubbles = pgTable(
  'mining_bubbles',
  {
    id: bigId(),
    minerId: bigint('miner_id', { mode: 'number' })
      .notNull()
      .references(() => miningMiners.id),
    userId: userRef('user_id'),
    period: integer('period').notNull(),
    amount: exactAmount('amount').notNull(),
    asset: text('asset').notNull(),
    ripeAt: timestamptz('ripe_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    collectedAt: timestamptz('collected_at'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mining_bubbles_miner_period_key').on(t.minerId, t.period),
    index('mining_bubbles_user_idx').on(t.userId, t.ripeAt),
    check('mining_bubbles_amount_positive', sql`${t.amount} > 0`),
    check('mining_bubbles_collected', sql`(${t.collectedAt} is null) = (${t.entryId} is null)`),
  ],
);

/**
 * Units of a product a user has bought, counted by one upsert under the row's lock: concurrent purchases
 * of one user wait for each other, so the per-user limit and 'one at a time' hold exactly.
 */
export const miningHoldings = pgTable(
  'mining_holdings',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => miningProducts.id),
    userId: userRef('user_id'),
    bought: integer('bought').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId] })],
);
