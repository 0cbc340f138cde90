/**
 * Business events: what happened, written to the outbox in the same transaction as the change itself
 * (decision 025). Readers (rewards, the operator dashboard, notifications) follow the outbox by id and
 * parse each row with `businessEvent`. Amounts are exact decimal strings, never numbers; `user_id` is the
 * user the event is about (the actor for a user's own move, the owner for an operator's decision).
 */
import * as z from 'zod/mini';
import { amountString, assetKey, uid } from './common.js';

const id = z.int().check(z.positive());
const txHash = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));

/** Every money event names its user and the journal entry that moved the money. */
const moneyEvent = <T extends string, S extends z.core.$ZodShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), user_id: uid, entry_id: id, ...shape });

const transferSent = moneyEvent('transfer.sent', {
  recipient_id: uid,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
});

const swapExecuted = moneyEvent('swap.executed', {
  lake_id: id,
  asset_in: assetKey,
  amount_in: amountString,
  asset_out: assetKey,
  amount_out: amountString,
  fee: amountString,
  burn: amountString,
});

const depositCredited = moneyEvent('deposit.credited', {
  deposit_id: id,
  asset: assetKey,
  amount: amountString,
  /** 'chain': confirmed on chain; 'review': an operator approved the request. */
  method: z.enum(['chain', 'review']),
  /** The approving operator for a review, null for a chain deposit. */
  reviewer_id: z.nullable(uid),
});

const withdrawalRequested = moneyEvent('withdrawal.requested', {
  withdrawal_id: id,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
});

/** Approved and paid are one step here: an approval carries the payout's hash (operator, hot wallet or resolution). */
const withdrawalPaid = moneyEvent('withdrawal.paid', {
  withdrawal_id: id,
  operator_id: uid,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
  tx_hash: txHash,
});

const withdrawalRejected = moneyEvent('withdrawal.rejected', {
  withdrawal_id: id,
  operator_id: uid,
  asset: assetKey,
  /** Amount plus fee, back on the user's balance. */
  refunded: amountString,
});

const rusdCharged = moneyEvent('charge.rusd', {
  usdt: amountString,
  rusd: amountString,
});

const bnbChargeCredited = moneyEvent('charge.bnb_credited', {
  charge_id: id,
  amount_bnb: amountString,
  rusd: amountString,
});

const airdropClaimed = moneyEvent('airdrop.claimed', {
  campaign_id: id,
  claim_id: id,
  asset: assetKey,
  amount: amountString,
});

/** An operator set a campaign's eligibility rules (decision 037): the audit of that action. */
const airdropRulesSet = z.object({
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

export const businessEvent = z.discriminatedUnion('type', [
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
]);

export type BusinessEvent = z.infer<typeof businessEvent>;
export type BusinessEventType = BusinessEvent['type'];
export const BUSINESS_EVENT_TYPES = businessEvent.def.options.map((option) => option.shape.type.def.values[0]) as BusinessEventType[];
