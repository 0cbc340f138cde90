/** Business events of the funds: transfers, swaps, deposits, withdrawals, charges and airdrops. */
import * as z from 'zod/mini';
import { amountString, assetKey, uid } from '../common.js';
import { id, moneyEvent, txHash } from './fields.js';

export const transferSent = moneyEvent('transfer.sent', {
  recipient_id: uid,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
});

export const swapExecuted = moneyEvent('swap.executed', {
  lake_id: id,
  asset_in: assetKey,
  amount_in: amountString,
  asset_out: assetKey,
  amount_out: amountString,
  fee: amountString,
  burn: amountString,
});

export const depositCredited = moneyEvent('deposit.credited', {
  deposit_id: id,
  asset: assetKey,
  amount: amountString,
  /** 'chain': confirmed on chain; 'review': an operator approved the request. */
  method: z.enum(['chain', 'review']),
  /** The approving operator for a review, null for a chain deposit. */
  reviewer_id: z.nullable(uid),
});

/** What a withdrawal asked for: the amount paid out and the fee, on top of it. */
const withdrawalAmounts = { withdrawal_id: id, asset: assetKey, amount: amountString, fee: amountString };

export const withdrawalRequested = moneyEvent('withdrawal.requested', withdrawalAmounts);

/** Approved and paid are one step here: an approval carries the payout's hash (operator, hot wallet or resolution). */
export const withdrawalPaid = moneyEvent('withdrawal.paid', { ...withdrawalAmounts, operator_id: uid, tx_hash: txHash });

export const withdrawalRejected = moneyEvent('withdrawal.rejected', {
  withdrawal_id: id,
  operator_id: uid,
  asset: assetKey,
  /** Amount plus fee, back on the user's balance. */
  refunded: amountString,
});

export const rusdCharged = moneyEvent('charge.rusd', {
  usdt: amountString,
  rusd: amountString,
});

export const bnbChargeCredited = moneyEvent('charge.bnb_credited', {
  charge_id: id,
  amount_bnb: amountString,
  rusd: amountString,
});

export const airdropClaimed = moneyEvent('airdrop.claimed', {
  campaign_id: id,
  claim_id: id,
  asset: assetKey,
  amount: amountString,
});

/** An operator set a campaign's eligibility rules (decision 037): the audit of that action. */
export const airdropRulesSet = z.object({
  type: z.literal('airdrop.rules_set'),
  /** The operator. */
  user_id: uid,
  campaign_id: id,
  rules: z.object({
    min_recharge: z.nullable(z.object({ asset: assetKey, amount: amountString })),
    min_account_age_hours: z.nullable(z.int()),
    min_holding: z.nullable(z.object({ asset: assetKey, amount: amountString })),
    per_referrer_cap: z.nullable(z.int()),
  }),
  /** Addresses on the allow-list after the change; null without one. */
  address_count: z.nullable(z.int()),
});

/** This area's events, in the order the union lists them. */
export const FUNDS_EVENTS = [
  transferSent,
  swapExecuted,
  depositCredited,
  withdrawalRequested,
  withdrawalPaid,
  withdrawalRejected,
  rusdCharged,
  bnbChargeCredited,
  airdropClaimed,
  airdropRulesSet,
] as const;
