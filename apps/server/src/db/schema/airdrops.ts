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
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('airdrop_campaigns_window_idx').on(t.endsAt, t.startsAt),
    check('airdrop_campaigns_amount_positive', sql`${t.amount} > 0`),
    check('airdrop_campaigns_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
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
