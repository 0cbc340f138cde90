import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, serialId, createdAt, timestamptz, exactAmount } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Airdrop campaigns: each claiming user is credited `amount` of `asset` once, between `starts_at`
 * (inclusive) and `ends_at` (exclusive). With an allow-list (`restricted`), only its addresses may claim.
 */
export const airdropCampaigns = pgTable(
  'airdrop_campaigns',
  {
    id: serialId(),
    asset: text('asset').notNull(),
    amount: exactAmount('amount').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** True when airdrop_allowlist holds the only addresses that may claim. */
    restricted: boolean('restricted').notNull().default(false),
    active: boolean('active').notNull().default(true),
    // Eligibility rules (decision 037); null = no rule. Recharges are the user's credited deposits.
    minRechargeAsset: text('min_recharge_asset'),
    minRechargeAmount: exactAmount('min_recharge_amount'),
    minAccountAgeHours: integer('min_account_age_hours'),
    minHoldingAsset: text('min_holding_asset'),
    minHoldingAmount: exactAmount('min_holding_amount'),
    perReferrerCap: integer('per_referrer_cap'),
    /** The operator who last set the rules, and when (the business event holds every change). */
    rulesSetBy: integer('rules_set_by').references(() => users.id),
    rulesSetAt: timestamptz('rules_set_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('airdrop_campaigns_window_idx').on(t.endsAt, t.startsAt),
    check('airdrop_campaigns_amount_positive', sql`${t.amount} > 0`),
    check('airdrop_campaigns_window', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'airdrop_campaigns_min_recharge',
      sql`(${t.minRechargeAsset} is null) = (${t.minRechargeAmount} is null) and coalesce(${t.minRechargeAmount} > 0, true)`,
    ),
    check('airdrop_campaigns_min_holding', sql`(${t.minHoldingAsset} is null) = (${t.minHoldingAmount} is null) and coalesce(${t.minHoldingAmount} > 0, true)`),
    check('airdrop_campaigns_min_account_age', sql`coalesce(${t.minAccountAgeHours} > 0, true)`),
    check('airdrop_campaigns_per_referrer_cap', sql`coalesce(${t.perReferrerCap} > 0, true)`),
  ],
);

/**
 * Claims per (campaign, referrer) under a per-referrer cap: incremented in the claim's transaction by
 * one upsert that only succeeds below the cap. The row lock it takes makes concurrent invitees of one
 * referrer wait for each other, so the cap holds exactly on both databases (decision 037).
 */
export const airdropReferrerClaims = pgTable(
  'airdrop_referrer_claims',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => airdropCampaigns.id),
    referrerAccount: text('referrer_account').notNull(),
    claims: integer('claims').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.referrerAccount] }), check('airdrop_referrer_claims_positive', sql`${t.claims} > 0`)],
);

/** Lower-case wallet addresses allowed to claim a restricted campaign. */
export const airdropAllowlist = pgTable(
  'airdrop_allowlist',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => airdropCampaigns.id),
    account: text('account').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.account] }), check('airdrop_allowlist_account_format', sql`${t.account} ~ '^0x[0-9a-f]{40}$'`)],
);

/**
 * One row per credited claim. The unique index on (campaign, user) is the guard against claiming twice:
 * a concurrent second claim waits on it until the first commits, then cannot insert and rolls back its entry.
 */
export const airdropClaims = pgTable(
  'airdrop_claims',
  {
    id: bigId(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => airdropCampaigns.id),
    userId: userRef('user_id'),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('airdrop_claims_campaign_user_key').on(t.campaignId, t.userId), index('airdrop_claims_user_id_idx').on(t.userId, t.id.desc())],
);
