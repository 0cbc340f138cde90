import * as z from 'zod/mini';
import { address, amountString, endpoint, idParams, isoTime, pagedList, pageQuery, sortQuery, positiveAmount, rejectionBody, txHash, uid } from '../common.js';
import { payPassword } from './security.js';

/** Assets that can leave the platform on chain (spec §7: /api/finance/extract and /api/token/extract). */
export const WITHDRAWAL_ASSETS = ['usdt', 'coin'] as const;
export type WithdrawalAsset = (typeof WITHDRAWAL_ASSETS)[number];
export const withdrawalAsset = z.enum(WITHDRAWAL_ASSETS);

/**
 * pending: waiting for an operator; paying: the server's hot wallet is sending the payout (or the outcome of a
 * send is unknown and an operator must resolve it) — users see it as "processing"; approved: paid out (`tx_hash`);
 * rejected: refunded (`reason`).
 */
export const WITHDRAWAL_STATUSES = ['pending', 'paying', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);

export const withdrawal = z.object({
  id: z.int(),
  asset: withdrawalAsset,
  /** What the user receives on chain. */
  amount: amountString,
  /** Gas fee, debited on top of the amount. */
  fee: amountString,
  /** The user's own wallet (checksummed). */
  to_address: address,
  status: withdrawalStatus,
  /** Set when approved: the payout transaction. */
  tx_hash: z.nullable(txHash),
  /** Set when rejected: shown to the user. */
  reason: z.nullable(z.string()),
  created_at: isoTime,
  /** When an operator approved or rejected it. */
  reviewed_at: z.nullable(isoTime),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** The rules shown before confirming: the amount must be strictly greater than `min_exclusive`. */
export const withdrawalRules = z.object({
  asset: withdrawalAsset,
  min_exclusive: amountString,
  fee: amountString,
  balance: amountString,
});

const withdrawBody = z.object({ amount: positiveAmount, password: payPassword });
const withdrawResponse = z.extend(withdrawal, { balance: amountString });

export const usdtRules = endpoint('GET /api/finance/extract', 'user', { response: withdrawalRules });
export const coinRules = endpoint('GET /api/token/extract', 'user', { response: withdrawalRules });

/** Withdraws USDT to the user's own wallet; accepts an Idempotency-Key header. */
export const withdrawUsdt = endpoint('POST /api/finance/extract', 'user', { body: withdrawBody, response: withdrawResponse });
/** Withdraws the platform coin to the user's own wallet; accepts an Idempotency-Key header. */
export const withdrawCoin = endpoint('POST /api/token/extract', 'user', { body: withdrawBody, response: withdrawResponse });

export const listWithdrawals = endpoint('GET /api/finance/withdrawals', 'user', {
  query: pageQuery,
  response: pagedList(withdrawal),
});

/** One of the caller's own withdrawals; another user's id is NOT_FOUND, like an unknown one. */
export const getWithdrawal = endpoint('GET /api/finance/withdrawals/:id', 'user', {
  params: idParams,
  response: withdrawal,
});

export const adminWithdrawal = z.extend(withdrawal, {
  uid,
  account: address,
  /** The operator who approved or rejected it. */
  reviewed_by: z.nullable(uid),
  /** While `paying`: the operator who started the hot-wallet payout, and when. */
  paying_by: z.nullable(uid),
  paying_since: z.nullable(isoTime),
  /** Why the last hot-wallet send failed before broadcast (the row went back to `pending`); null otherwise. */
  payout_failure: z.nullable(z.string()),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/** The columns the operators' withdrawal list sorts by (decision 090). */
export const WITHDRAWAL_SORTS = ['id', 'uid', 'amount', 'status', 'created_at'] as const;

export const adminListWithdrawals = endpoint('GET /api/admin/withdrawals', 'admin', {
  query: z.extend(pageQuery, { status: z.optional(withdrawalStatus), ...sortQuery(WITHDRAWAL_SORTS) }),
  response: pagedList(adminWithdrawal),
});

/**
 * Approves a pending withdrawal; the held amount leaves the books. With `tx_hash` the operator has paid out
 * and records the transaction; without it the server's hot wallet sends the transfer: the row is first committed
 * as `paying`, then the transfer is sent, then it is committed `approved` with the hash (PAYOUT_HASH_REQUIRED when
 * no hot wallet is configured; PAYOUT_FAILED when the send fails before broadcast — the withdrawal goes back to
 * pending with `payout_failure`). A `paying` row is refused with WITHDRAWAL_PAYING and never sent twice.
 */
export const adminApproveWithdrawal = endpoint('POST /api/admin/withdrawals/:id/approve', 'admin', {
  params: idParams,
  body: z.object({ tx_hash: z.optional(txHash) }),
  response: adminWithdrawal,
});

/** Refunds amount + fee to the user; the reason is shown to them. */
export const adminRejectWithdrawal = endpoint('POST /api/admin/withdrawals/:id/reject', 'admin', {
  params: idParams,
  body: rejectionBody,
  response: adminWithdrawal,
});

/**
 * Settles a withdrawal stuck in `paying` (the server could not record the outcome of a send). After checking the
 * chain, the operator either records the payout (`outcome: 'paid'` with its hash; the row becomes approved) or
 * returns it to the queue (`outcome: 'pending'`, only when the transfer is known not to have been mined). A row
 * that is not `paying` is refused with WITHDRAWAL_NOT_PAYING.
 */
export const adminResolveWithdrawal = endpoint('POST /api/admin/withdrawals/:id/resolve', 'admin', {
  params: idParams,
  body: z.discriminatedUnion('outcome', [z.object({ outcome: z.literal('paid'), tx_hash: txHash }), z.object({ outcome: z.literal('pending') })]),
  response: adminWithdrawal,
});
