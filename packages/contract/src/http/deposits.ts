import * as z from 'zod/mini';
import { address, amountString, endpoint, idParams, isoTime, pagedList, pageQuery, sortQuery, positiveAmount, rejectionBody, txHash, uid } from '../common.js';
import { ERROR_CODES } from '../errors.js';
import { uploadAddress } from './uploads.js';

/** Assets that can come in on chain (spec §7: /api/finance/recharge and /api/token/recharge). */
export const DEPOSIT_ASSETS = ['usdt', 'coin'] as const;
export type DepositAsset = (typeof DEPOSIT_ASSETS)[number];
export const depositAsset = z.enum(DEPOSIT_ASSETS);

/**
 * How the server takes recharges. chain: a BSC RPC is configured; the client sends the wallet's transfer hash
 * (`{tx_hash}`) and the server verifies and credits it. review: no RPC; the client sends `{amount, voucher}` and
 * an operator reviews it (spec §4: "after success the user is asked to wait for review").
 */
export const RECHARGE_MODES = ['chain', 'review'] as const;
export type RechargeMode = (typeof RECHARGE_MODES)[number];
export const rechargeMode = z.enum(RECHARGE_MODES);

/**
 * pending: found on chain and waiting for confirmations (or not mined yet); credited: the amount is in the
 * user's balance; failed: a pending transaction later turned out not to be a valid deposit (`failure`);
 * review: submitted with a voucher and waiting for an operator; rejected: an operator refused it (`reason`).
 */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'failed', 'review', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const depositStatus = z.enum(DEPOSIT_STATUSES);

export const deposit = z.object({
  id: z.int(),
  asset: depositAsset,
  /** chain: verified on chain; review: declared by the user with a voucher, credited by an operator. */
  method: rechargeMode,
  /** Lower-case transaction hash; for a review request, the hash given as voucher (null when it was an image). */
  tx_hash: z.nullable(txHash),
  /** A review request's uploaded voucher image; null otherwise. */
  voucher_image: z.nullable(uploadAddress),
  /** What is (or will be) credited; null while an on-chain transaction is not mined yet. */
  amount: z.nullable(amountString),
  status: depositStatus,
  /** Why a pending deposit failed (an error code); null otherwise. */
  failure: z.nullable(z.enum(ERROR_CODES)),
  /** Why an operator rejected a review request (shown to the user); null otherwise. */
  reason: z.nullable(z.string()),
  /** Blocks including the transaction's own, as of the last check (0 for review requests). */
  confirmations: z.int().check(z.nonnegative()),
  required_confirmations: z.int().check(z.positive()),
  created_at: isoTime,
  /** When an operator approved or rejected a review request. */
  reviewed_at: z.nullable(isoTime),
  credited_at: z.nullable(isoTime),
});
export type Deposit = z.infer<typeof deposit>;

/** chain mode: the hash of the ERC-20 `transfer` the wallet sent to the platform's deposit address. */
export const chainRechargeBody = z.strictObject({ tx_hash: txHash });

/**
 * review mode: the amount sent and a voucher proving it, either the transfer's hash or the address of an image the
 * same user uploaded through POST /api/upload.
 */
export const rechargeVoucher = z.union([txHash, uploadAddress]);
export const reviewRechargeBody = z.strictObject({ amount: positiveAmount, voucher: rechargeVoucher });

/**
 * One body per mode (see `GET /api/finance/recharge/rules`). The other mode's body is refused with
 * DEPOSITS_UNAVAILABLE (a hash without an RPC) or DEPOSIT_REVIEW_UNAVAILABLE (a voucher with one).
 */
const rechargeBody = z.union([chainRechargeBody, reviewRechargeBody]);

/**
 * Claims a USDT (BEP-20) transfer, or (review mode) submits `{amount, voucher}` for review. A hash, whether
 * claimed or given as voucher, is accepted once (DEPOSIT_ALREADY_SUBMITTED); the answer is the stored request,
 * status `pending` (chain) or `review` (review).
 */
export const rechargeUsdt = endpoint('POST /api/finance/recharge', 'user', { body: rechargeBody, response: deposit });
/** Claims a platform-coin transfer; same rules as USDT. */
export const rechargeCoin = endpoint('POST /api/token/recharge', 'user', { body: rechargeBody, response: deposit });

/** What the recharge page needs before it asks for anything: the active mode and its parameters. */
export const rechargeRules = endpoint('GET /api/finance/recharge/rules', 'none', {
  response: z.object({
    mode: rechargeMode,
    /** Smallest amount accepted per asset (a smaller one is refused with DEPOSIT_BELOW_MINIMUM). */
    minimums: z.object({ usdt: amountString, coin: amountString }),
    /**
     * Where the user sends the transfer (checksummed), in both modes: the wallet pays it in chain mode, the user
     * pays it by hand in review mode. Null only in review mode when the operator set no DEPOSIT_ADDRESS.
     */
    deposit_address: z.nullable(address),
    required_confirmations: z.int().check(z.positive()),
  }),
});

/** The caller's deposits and review requests, newest first. */
export const listDeposits = endpoint('GET /api/finance/recharges', 'user', {
  query: pageQuery,
  response: pagedList(deposit),
});

export const adminDeposit = z.extend(deposit, {
  uid,
  account: address,
  /** The operator who approved or rejected a review request. */
  reviewed_by: z.nullable(uid),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;

/** Deposits for operators, newest first; `status=review` is the review queue. */
/** The columns the operators' deposit list sorts by (decision 090). */
export const DEPOSIT_SORTS = ['id', 'uid', 'amount', 'status', 'created_at'] as const;

export const adminListDeposits = endpoint('GET /api/admin/deposits', 'admin', {
  query: z.extend(pageQuery, { status: z.optional(depositStatus), ...sortQuery(DEPOSIT_SORTS) }),
  response: pagedList(adminDeposit),
});

/**
 * Credits a review request's declared amount to the user, once: approving a row that is no longer in `review`
 * (approved or rejected already) is refused with DEPOSIT_NOT_IN_REVIEW and credits nothing.
 */
export const adminApproveDeposit = endpoint('POST /api/admin/deposits/:id/approve', 'admin', {
  params: idParams,
  response: adminDeposit,
});

/** Refuses a review request; the reason is shown to the user. Nothing is credited. */
export const adminRejectDeposit = endpoint('POST /api/admin/deposits/:id/reject', 'admin', {
  params: idParams,
  body: rejectionBody,
  response: adminDeposit,
});
