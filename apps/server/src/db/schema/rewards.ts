import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, exactAmount, timestamptz } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * The reward engine's operator table (issue 13, decision 065): one row per setting change, effective-dated. The
 * value in force for (rule, generation, level) at time t is the row with the latest `effective_from` ≤ t, so a
 * change applies only to purchases after it and every reward can still be recomputed. Rows are never updated.
 */
export const rewardRules = pgTable(
  'reward_rules',
  {
    id: bigId(),
    rule: text('rule').notNull(),
    /** 0 where the rule has no generation (all but `indirect`). */
    generation: integer('generation').notNull().default(0),
    /** The beneficiary's level the value is for; 0 where the rule has no level. */
    level: integer('level').notNull().default(0),
    value: exactAmount('value').notNull(),
    effectiveFrom: timestamptz('effective_from').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('reward_rules_key_idx').on(t.rule, t.generation, t.level, t.effectiveFrom),
    check('reward_rules_value_nonnegative', sql`${t.value} >= 0`),
    check('reward_rules_generation_nonnegative', sql`${t.generation} >= 0 and ${t.level} >= 0`),
  ],
);

/**
 * One row per reward decided: the explanation of an income line and the exactly-once key. A purchase pays a
 * (beneficiary, kind) once (unique on event); a day's dividend pays a beneficiary once (unique on day). A reward
 * the caps cut to zero keeps its row (amount 0, no ledger line) so the explanation says why nothing came.
 */
export const rewardPostings = pgTable(
  'reward_postings',
  {
    id: bigId(),
    kind: text('kind').notNull(),
    beneficiaryId: userRef('beneficiary_id'),
    /** The purchase's outbox event; null for a dividend. */
    eventId: bigint('event_id', { mode: 'bigint' }),
    /** The dividend's UTC day; null for a purchase's reward. */
    dividendDay: date('dividend_day', { mode: 'string' }),
    /** The buyer (direct, indirect, performance, same-level). */
    memberId: integer('member_id').references(() => users.id),
    purchaseKind: text('purchase_kind'),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    /** Performance units of the purchase; for same-level the downline's performance reward; for a dividend the pool. */
    base: exactAmount('base').notNull(),
    /** The rate applied (performance: the differential); for a dividend weight / total weight as written below. */
    rate: exactAmount('rate').notNull(),
    /** The beneficiary's level when the reward was decided. */
    level: integer('level').notNull(),
    /** Depth below the beneficiary (1 = direct member); null for a dividend. */
    generation: integer('generation'),
    /** Same-level: the downline whose performance reward this is a share of. */
    sourceId: integer('source_id').references(() => users.id),
    weight: exactAmount('weight'),
    totalWeight: exactAmount('total_weight'),
    /** base × rate before any cap. */
    computed: exactAmount('computed').notNull(),
    amount: exactAmount('amount').notNull(),
    /** Which cap cut it: 'user_day' or 'kind_share'; null when paid in full. */
    cap: text('cap'),
    asset: text('asset').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reward_postings_event_key')
      .on(t.eventId, t.beneficiaryId, t.kind)
      .where(sql`${t.eventId} is not null`),
    uniqueIndex('reward_postings_dividend_key')
      .on(t.dividendDay, t.beneficiaryId)
      .where(sql`${t.dividendDay} is not null`),
    index('reward_postings_entry_idx').on(t.entryId, t.beneficiaryId),
    check('reward_postings_kind', sql`${t.kind} in ('direct', 'indirect', 'dividend', 'performance', 'same_level')`),
    check('reward_postings_source', sql`(${t.eventId} is null) <> (${t.dividendDay} is null)`),
    check('reward_postings_amount', sql`${t.amount} >= 0 and ${t.amount} <= ${t.computed}`),
  ],
);

/** Per UTC day: the turnover (performance units of the day's qualifying purchases) and what each kind paid, for the caps. */
export const rewardDayTotals = pgTable(
  'reward_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 'turnover' or a reward kind. */
    item: text('item').notNull(),
    amount: exactAmount('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.item] })],
);

/** Per user and UTC day: rewards received, against the per-user daily cap. */
export const rewardUserDays = pgTable(
  'reward_user_days',
  {
    userId: userRef('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    amount: exactAmount('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A day's weighted dividend, settled once: the primary key is the exactly-once guard. */
export const rewardDividendDays = pgTable('reward_dividend_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  turnover: exactAmount('turnover').notNull(),
  pool: exactAmount('pool').notNull(),
  paid: exactAmount('paid').notNull(),
  beneficiaries: integer('beneficiaries').notNull(),
  entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
  settledAt: timestamptz('settled_at').notNull(),
});
