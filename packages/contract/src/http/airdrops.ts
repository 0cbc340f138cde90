import * as z from 'zod/mini';
import { address, amountString, assetKey, endpoint, isoTime, pagedList, pageQuery, positiveAmount, serialIdParams } from '../common.js';
import { depositAsset } from './deposits.js';

const instant = z.iso.datetime({ offset: true });

/**
 * Eligibility rules an operator sets against farming with fresh wallets (decision 037); null = no rule.
 * 'Holding a product' is 'holding an asset amount' until the product modules (cards, mining) exist.
 */
export const airdropRules = z.object({
  /** The user's credited recharges (deposits) of this asset add up to at least `amount`. */
  min_recharge: z.nullable(z.object({ asset: depositAsset, amount: positiveAmount })),
  /** Hours since the account was created (first sign-in). */
  min_account_age_hours: z.nullable(
    z
      .number()
      .check(z.int())
      .check(z.gte(1))
      .check(z.lte(24 * 3650)),
  ),
  /** The user holds at least `amount` of `asset` when claiming. */
  min_holding: z.nullable(z.object({ asset: assetKey, amount: positiveAmount })),
  /** At most this many claims of the campaign by the invitees of one referrer. */
  per_referrer_cap: z.nullable(z.int().check(z.gte(1)).check(z.lte(1_000_000))),
});
export type AirdropRules = z.infer<typeof airdropRules>;

/** The rules as an operator sends them: a missing rule is no rule. */
export const airdropRulesInput = z.object({
  min_recharge: z.optional(airdropRules.shape.min_recharge),
  min_account_age_hours: z.optional(airdropRules.shape.min_account_age_hours),
  min_holding: z.optional(airdropRules.shape.min_holding),
  per_referrer_cap: z.optional(airdropRules.shape.per_referrer_cap),
});

/** Why a user may not claim, as the refusal's error code (the first rule that fails). */
export const AIRDROP_INELIGIBLE_CODES = [
  'AIRDROP_NOT_ELIGIBLE',
  'AIRDROP_MIN_RECHARGE',
  'AIRDROP_ACCOUNT_TOO_NEW',
  'AIRDROP_MIN_HOLDING',
  'AIRDROP_REFERRER_CAP',
] as const;
export const airdropIneligible = z.enum(AIRDROP_INELIGIBLE_CODES);
export type AirdropIneligible = z.infer<typeof airdropIneligible>;

export const airdropCampaign = z.object({
  id: z.int(),
  asset: assetKey,
  /** Credited once per claiming user. */
  amount: amountString,
  starts_at: isoTime,
  ends_at: isoTime,
  /** True when only the listed addresses may claim. */
  restricted: z.boolean(),
  rules: airdropRules,
  active: z.boolean(),
  created_at: isoTime,
});
export type AirdropCampaign = z.infer<typeof airdropCampaign>;

/** Operators create a campaign; without `addresses` every user with a bound referrer may claim. */
export const adminCreateAirdrop = endpoint('POST /api/admin/airdrops', 'admin', {
  body: z
    .object({
      asset: assetKey,
      amount: positiveAmount,
      starts_at: instant,
      ends_at: instant,
      addresses: z.optional(z.array(address).check(z.minLength(1)).check(z.maxLength(10_000))),
      rules: z.optional(airdropRulesInput),
    })
    .check(z.refine((b) => Date.parse(b.ends_at) > Date.parse(b.starts_at), { message: 'ends_at must be after starts_at' })),
  response: z.extend(airdropCampaign, { address_count: z.int() }),
});

/**
 * Operators replace a campaign's rules (a missing rule is cleared). `addresses` replaces the allow-list,
 * null removes it, leaving it out keeps it. Recorded as an `airdrop.rules_set` business event.
 */
export const adminSetAirdropRules = endpoint('PUT /api/admin/airdrops/:id/rules', 'admin', {
  params: serialIdParams,
  body: z.extend(airdropRulesInput, { addresses: z.optional(z.nullable(z.array(address).check(z.minLength(1)).check(z.maxLength(10_000)))) }),
  response: z.extend(airdropCampaign, { address_count: z.int() }),
});

/** Where a campaign stands at the server's time: before its window, inside it, or over (a deactivated campaign counts as over). */
export const AIRDROP_STATES = ['scheduled', 'open', 'ended'] as const;
export const AIRDROP_STATE_FILTERS = ['all', ...AIRDROP_STATES] as const;

export const adminAirdropCampaign = z.extend(airdropCampaign, {
  state: z.enum(AIRDROP_STATES),
  /** Addresses on the allow-list; 0 when the campaign is not restricted. */
  address_count: z.int(),
  claims: z.int(),
});
export type AdminAirdropCampaign = z.infer<typeof adminAirdropCampaign>;

/** Every campaign for operators, newest first, with its allow-list size and claims so far; `state` narrows the list. */
export const adminListAirdrops = endpoint('GET /api/admin/airdrops', 'admin', {
  query: z.extend(pageQuery, { state: z._default(z.enum(AIRDROP_STATE_FILTERS), 'all') }),
  response: pagedList(adminAirdropCampaign),
});

export const userAirdrop = z.extend(z.omit(airdropCampaign, { active: true, created_at: true }), {
  /** The user has claimed this campaign. */
  claimed: z.boolean(),
  /** The user meets every rule (allow-list included). A referrer must still be bound to claim. */
  eligible: z.boolean(),
  /** The first rule the user does not meet, as the error code a claim would get; null when eligible. */
  ineligible: z.nullable(airdropIneligible),
});
export type UserAirdrop = z.infer<typeof userAirdrop>;

/** Campaigns open now (active, starts_at ≤ now < ends_at), newest first. */
export const listAirdrops = endpoint('GET /api/airdrops', 'user', { response: z.object({ list: z.array(userAirdrop) }) });

/** Claims a campaign once; accepts an Idempotency-Key header. */
export const claimAirdrop = endpoint('POST /api/airdrops/:id/claim', 'user', {
  params: serialIdParams,
  response: z.object({
    id: z.int(),
    campaign_id: z.int(),
    asset: assetKey,
    amount: amountString,
    entry_id: z.int(),
    /** The user's balance of the asset after the credit. */
    balance: amountString,
    created_at: isoTime,
  }),
});

export const airdropClaim = z.object({
  id: z.int(),
  campaign_id: z.int(),
  asset: assetKey,
  amount: amountString,
  created_at: isoTime,
});
export type AirdropClaim = z.infer<typeof airdropClaim>;

/** The user's claims, newest first. */
export const listAirdropClaims = endpoint('GET /api/airdrops/claims', 'user', {
  query: pageQuery,
  response: pagedList(airdropClaim),
});
