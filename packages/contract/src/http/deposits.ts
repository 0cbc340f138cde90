import { z } from 'zod';
import { amountString, endpoint, isoTime, pageQuery } from '../common.js';
import { ERROR_CODES } from '../errors.js';

/** Assets that can come in on chain (spec §7: /api/finance/recharge and /api/token/recharge). */
export const DEPOSIT_ASSETS = ['usdt', 'coin'] as const;
export type DepositAsset = (typeof DEPOSIT_ASSETS)[number];
export const depositAsset = z.enum(DEPOSIT_ASSETS);

/**
 * pending: found on chain and waiting for confirmations (or not mined yet); credited: the amount is in the
 * user's balance; failed: a pending transaction later turned out not to be a valid deposit (`failure`).
 */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'failed'] as const;
export const depositStatus = z.enum(DEPOSIT_STATUSES);

/** An on-chain transaction hash: 0x and 64 hex digits. */
const depositTxHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

export const deposit = z.object({
  id: z.number().int(),
  asset: depositAsset,
  /** Lower-case transaction hash. */
  tx_hash: depositTxHash,
  /** What is (or will be) credited; null while the transaction is not mined yet. */
  amount: amountString.nullable(),
  status: depositStatus,
  /** Why a pending deposit failed (an error code); null otherwise. */
  failure: z.enum(ERROR_CODES).nullable(),
  /** Blocks including the transaction's own, as of the last check. */
  confirmations: z.number().int().nonnegative(),
  required_confirmations: z.number().int().positive(),
  created_at: isoTime,
  credited_at: isoTime.nullable(),
});
export type Deposit = z.infer<typeof deposit>;

/** The hash of the ERC-20 `transfer` the wallet sent to the platform's deposit address. */
const rechargeBody = z.object({ tx_hash: depositTxHash });

/** Claims a USDT (BEP-20) transfer; a hash is accepted once, from the wallet that sent it. */
export const rechargeUsdt = endpoint({ method: 'POST', path: '/api/finance/recharge', auth: 'user', body: rechargeBody, response: deposit });
/** Claims a platform-coin transfer; same rules as USDT. */
export const rechargeCoin = endpoint({ method: 'POST', path: '/api/token/recharge', auth: 'user', body: rechargeBody, response: deposit });

/** The caller's deposits, newest first. */
export const listDeposits = endpoint({
  method: 'GET',
  path: '/api/finance/recharges',
  auth: 'user',
  query: pageQuery,
  response: z.object({ list: z.array(deposit), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
