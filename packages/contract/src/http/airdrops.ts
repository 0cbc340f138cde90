import { z } from 'zod';
import { address, amountString, assetKey, endpoint, isoTime, pagedList, pageQuery, positiveAmount, serialIdParams } from '../common.js';
import { depositAsset } from './deposits.js';

const instant = z.iso.datetime({ offset: true });

/**
 * Eligibility rules an operator sets against farming with fresh wallets (decision 037); null = no rule.
 * 'Holding a product' is 'holding an asset amount' until the product modules (cards, mining) exist.
 */
export const airdropRules = z.object({
  /** The user's credited recharges (deposits) of this asset add up to at least `amount`. */
  min_recharge: z.object({ asset: depositAsset, amount: positiveAmount }).nullable(),
  /** Hours since the account was created (first sign-in). */
  min_account_age_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 3650)
    .nullable(),
  /** The user holds at least `amount` of `asset` when claiming. */
  min_holding: z.object({ asset: assetKey, amount: positiveAmount }).nullable(),
  /** At most this many claims of the campaign by the invitees of one referrer. */
  per_referrer_cap: z.number().int().min(1).max(1_000_000).nullable(),
});
export type AirdropRules = z.infer<typeof airdropRules>;

/** The rules as an operator sends them: a missing rule is no rule. */
export const airdropRulesInput = z.object({
  min_recharge: airdropRules.shape.min_recharge.optional(),
  min_account_age_hours: airdropRules.shape.min_account_age_hours.optional(),
  min_holding: airdropRules.shape.min_holding.optional(),
  per_referrer_cap: airdropRules.shape.per_referrer_cap.optional(),
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
  id: z.number().int(),
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
      addresses: z.array(address).min(1).max(10_000).optional(),
      rules: airdropRulesInput.optional(),
    })
    .refine((b) => Date.parse(b.ends_at) > Date.parse(b.starts_at), { message: 'ends_at must be after starts_at' }),
  response: airdropCampaign.extend({ address_count: z.number().int() }),
});

/**
 * Operators replace a campaign's rules (a missing rule is cleared). `addresses` replaces the allow-list,
 * null removes it, leaving it out keeps it. Recorded as an `airdrop.rules_set` business event.
 */
export const adminSetAirdropRules = endpoint('PUT /api/admin/airdrops/:id/rules', 'admin', {
  params: serialIdParams,
  body: airdropRulesInput.extend({ addresses: z.array(address).min(1).max(10_000).nullable().optional() }),
  response: airdropCampaign.extend({ address_count: z.number().int() }),
});

export const userAirdrop = airdropCampaign.omit({ active: true, created_at: true }).extend({
  /** The user has claimed this campaign. */
  claimed: z.boolean(),
  /** The user meets every rule (allow-list included). A referrer must still be bound to claim. */
  eligible: z.boolean(),
  /** The first rule the user does not meet, as the error code a claim would get; null when eligible. */
  ineligible: airdropIneligible.nullable(),
});
export type UserAirdrop = z.infer<typeof userAirdrop>;

/** Campaigns open now (active, starts_at ≤ now < ends_at), newest first. */
export const listAirdrops = endpoint('GET /api/airdrops', 'user', { response: z.object({ list: z.array(userAirdrop) }) });

/** Claims a campaign once; accepts an Idempotency-Key header. */
export const claimAirdrop = endpoint('POST /api/airdrops/:id/claim', 'user', {
  params: serialIdParams,
  response: z.object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    asset: assetKey,
    amount: amountString,
    entry_id: z.number().int(),
    /** The user's balance of the asset after the credit. */
    balance: amountString,
    created_at: isoTime,
  }),
});

export const airdropClaim = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
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
