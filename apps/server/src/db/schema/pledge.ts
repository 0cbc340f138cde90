import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, exactAmount, serialId, timestamptz } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Pledge products (spec §3 Pledge product): users lock `asset` during the sales window; interest accrues
 * daily from `dividend_at` for `cycle_days` days at `annual_rate`, paid in `interest_asset`; at
 * `unlock_at` (= dividend_at + cycle_days) the principal comes back over `release_days` (at once for 0).
 * `locked_total` is what has been locked (lock quantities), kept under the product's row lock against `total_cap`.
 */
export const pledgeProducts = pgTable(
  'pledge_products',
  {
    id: serialId(),
    name: text('name').notNull(),
    productType: text('product_type').notNull(),
    asset: text('asset').notNull(),
    interestAsset: text('interest_asset').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    /** Reference annualised rate as a fraction (0.12 = 12 % a year). */
    annualRate: numeric('annual_rate', { precision: 12, scale: 8 }).notNull(),
    minLock: exactAmount('min_lock').notNull(),
    maxPerUser: exactAmount('max_per_user').notNull(),
    totalCap: exactAmount('total_cap').notNull(),
    lockedTotal: exactAmount('locked_total').notNull().default('0'),
    /** Service fee as a fraction of the lock quantity (spec §9: 'actual amount received'). */
    feeRate: numeric('fee_rate', { precision: 12, scale: 8 }).notNull().default('0'),
    saleStartsAt: timestamptz('sale_starts_at').notNull(),
    saleEndsAt: timestamptz('sale_ends_at').notNull(),
    dividendAt: timestamptz('dividend_at').notNull(),
    unlockAt: timestamptz('unlock_at').notNull(),
    releaseDays: integer('release_days').notNull().default(0),
    /** active, paused (no new locks for now) or closed (no new locks again). Positions are not affected. */
    status: text('status').notNull().default('active'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('pledge_products_cycle', sql`${t.cycleDays} between 1 and 3650`),
    check('pledge_products_rate', sql`${t.annualRate} >= 0 and ${t.feeRate} >= 0 and ${t.feeRate} < 1`),
    check('pledge_products_bounds', sql`${t.minLock} > 0 and ${t.maxPerUser} >= ${t.minLock} and ${t.totalCap} >= ${t.minLock}`),
    check('pledge_products_cap', sql`${t.lockedTotal} >= 0 and ${t.lockedTotal} <= ${t.totalCap}`),
    check('pledge_products_window', sql`${t.saleEndsAt} > ${t.saleStartsAt} and ${t.dividendAt} >= ${t.saleEndsAt}`),
    check('pledge_products_unlock', sql`${t.unlockAt} = ${t.dividendAt} + make_interval(secs => ${t.cycleDays} * 86400)`),
    check('pledge_products_release', sql`${t.releaseDays} between 0 and 3650`),
    check('pledge_products_status', sql`${t.status} in ('active', 'paused', 'closed')`),
  ],
);

/**
 * A user's lock in a product. The terms are copied at lock time; `daily_interest` is fixed then (decision
 * 057: principal × annual_rate ÷ 365, cut to 8 places). `interest_paid` / `release_paid` count the periods
 * the settlement has paid; `next_due_at` is when the next one falls due (null once released).
 */
export const pledgePositions = pgTable(
  'pledge_positions',
  {
    id: bigId(),
    userId: userRef('user_id'),
    productId: integer('product_id')
      .notNull()
      .references(() => pledgeProducts.id),
    asset: text('asset').notNull(),
    interestAsset: text('interest_asset').notNull(),
    /** What the user locked (the lock quantity), before the fee. */
    amount: exactAmount('amount').notNull(),
    fee: exactAmount('fee').notNull(),
    /** amount − fee: what earns interest and comes back. */
    principal: exactAmount('principal').notNull(),
    annualRate: numeric('annual_rate', { precision: 12, scale: 8 }).notNull(),
    dailyInterest: exactAmount('daily_interest').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    dividendAt: timestamptz('dividend_at').notNull(),
    unlockAt: timestamptz('unlock_at').notNull(),
    releaseDays: integer('release_days').notNull(),
    interestPaid: integer('interest_paid').notNull().default(0),
    releasePaid: integer('release_paid').notNull().default(0),
    nextDueAt: timestamptz('next_due_at'),
    /** holding (locked, earning, or being released) or released (all principal back). */
    status: text('status').notNull().default('holding'),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('pledge_positions_user_idx').on(t.userId, t.id),
    index('pledge_positions_user_product_idx').on(t.userId, t.productId),
    check('pledge_positions_amounts', sql`${t.principal} > 0 and ${t.fee} >= 0 and ${t.amount} = ${t.principal} + ${t.fee}`),
    check('pledge_positions_status', sql`${t.status} in ('holding', 'released')`),
  ],
);

/**
 * One paid period of a position: interest for day k, or release instalment k. The natural key (position,
 * kind, period) is unique, so a period is paid once however often, and by however many processes, the
 * settlement runs. `due_at` is the period's business time (the ledger line carries it too).
 */
export const pledgeSettlements = pgTable(
  'pledge_settlements',
  {
    id: bigId(),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => pledgePositions.id),
    userId: userRef('user_id'),
    productId: integer('product_id').notNull(),
    kind: text('kind').notNull(),
    period: integer('period').notNull(),
    asset: text('asset').notNull(),
    amount: exactAmount('amount').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pledge_settlements_position_kind_period_key').on(t.positionId, t.kind, t.period),
    index('pledge_settlements_user_idx').on(t.userId, t.id),
    check('pledge_settlements_kind', sql`${t.kind} in ('interest', 'release')`),
    check('pledge_settlements_amount', sql`${t.amount} >= 0`),
  ],
);
