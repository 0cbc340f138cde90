import { z } from 'zod';
import { address, amountString, assetKey, endpoint, isoTime, pagedList, pageQuery, positiveAmount, serialIdParams } from '../common.js';

const instant = z.iso.datetime({ offset: true });

export const airdropCampaign = z.object({
  id: z.number().int(),
  asset: assetKey,
  /** Credited once per claiming user. */
  amount: amountString,
  starts_at: isoTime,
  ends_at: isoTime,
  /** True when only the listed addresses may claim. */
  restricted: z.boolean(),
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
    })
    .refine((b) => Date.parse(b.ends_at) > Date.parse(b.starts_at), { message: 'ends_at must be after starts_at' }),
  response: airdropCampaign.extend({ address_count: z.number().int() }),
});

export const userAirdrop = airdropCampaign.omit({ active: true, created_at: true }).extend({
  /** The user has claimed this campaign. */
  claimed: z.boolean(),
  /** The user's address may claim (no allow-list, or on it). A referrer must still be bound to claim. */
  eligible: z.boolean(),
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
