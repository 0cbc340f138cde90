import * as z from 'zod/mini';
import { amountString, endpoint, idParams, isoTime, pagedList, pageQuery, positiveAmount, txHash } from '../common.js';
import { ERROR_CODES } from '../errors.js';

/** Every quote ends in the RUSD it credits and the configured rate that gave it (RUSD per USDT). */
const rusdAtRate = { rusd: amountString, rate: amountString };

/** What converting `amount` USDT (debited) gives at the configured RUSD_PER_USDT rate (truncated to 8 places). */
export const chargeQuote = z.object({ amount: amountString, ...rusdAtRate });

export const chargeCalculator = endpoint('POST /api/user/chargeCalculator', 'user', {
  body: z.object({ amount: positiveAmount }),
  response: chargeQuote,
});

/** Converts USDT from the user's balance into RUSD; accepts an Idempotency-Key header. */
export const charge = endpoint('POST /api/user/charge', 'user', {
  body: z.object({ amount: positiveAmount }),
  response: z.extend(chargeQuote, {
    entry_id: z.int(),
    /** The user's balances after the conversion. */
    usdt_balance: amountString,
    rusd_balance: amountString,
  }),
});

/** What `amount_bnb` BNB buys: BNB × BNB_PRICE_USDT (`price`) × RUSD_PER_USDT, truncated once to 8 places. */
export const bnbChargeQuote = z.object({
  amount_bnb: amountString,
  /** The USDT value at the configured price (truncated). */
  usdt: amountString,
  price: amountString,
  ...rusdAtRate,
});

export const chargeBnbCalculator = endpoint('POST /api/user/chargeBNBCalculator', 'user', {
  body: z.object({ amount_bnb: positiveAmount }),
  response: bnbChargeQuote,
});

/**
 * pending: submitted, waiting to be mined and confirmed (a background watcher credits it as soon as it is);
 * credited: the RUSD is in the balance; failed: the transaction turned out not to be a valid BNB payment (`failure`).
 */
export const BNB_CHARGE_STATUSES = ['pending', 'credited', 'failed'] as const;
export type BnbChargeStatus = (typeof BNB_CHARGE_STATUSES)[number];
export const bnbChargeStatus = z.enum(BNB_CHARGE_STATUSES);

export const bnbCharge = z.object({
  id: z.int(),
  /** Lower-case transaction hash. */
  tx_hash: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  status: bnbChargeStatus,
  /** BNB received; null until the transaction is mined. */
  amount_bnb: z.nullable(amountString),
  /** The quote applied when credited (configured price and rate at that time); null before. */
  usdt: z.nullable(amountString),
  rusd: z.nullable(amountString),
  price: z.nullable(amountString),
  rate: z.nullable(amountString),
  /** Why a pending charge failed (an error code); null otherwise. */
  failure: z.nullable(z.enum(ERROR_CODES)),
  /** Blocks including the transaction's own, as of the last check. */
  confirmations: z.int().check(z.nonnegative()),
  required_confirmations: z.int().check(z.positive()),
  created_at: isoTime,
  credited_at: z.nullable(isoTime),
});
export type BnbCharge = z.infer<typeof bnbCharge>;

/**
 * Claims a native BNB transfer from the user's wallet to the platform's deposit address. A hash is accepted once
 * (DEPOSIT_ALREADY_SUBMITTED for a second claim, by anyone). A transfer that is already confirmed is credited at
 * once; one that is not mined or not confirmed yet is stored as `pending` and credited by the background watcher
 * when it is (the client follows it with GET /api/user/bnbCharges/:id). Clear refusals for a reverted transfer,
 * another sender or recipient, or no value.
 */
export const chargeBnb = endpoint('POST /api/user/chargeBNB', 'user', {
  body: z.object({ tx_hash: txHash }),
  response: z.extend(bnbCharge, {
    /** The user's RUSD balance now (includes this charge only when `status` is credited). */
    rusd_balance: amountString,
  }),
});

/** The caller's BNB charges, newest first. */
export const listBnbCharges = endpoint('GET /api/user/bnbCharges', 'user', {
  query: pageQuery,
  response: pagedList(bnbCharge),
});

/** One of the caller's BNB charges; another user's id is NOT_FOUND, like an unknown one. */
export const getBnbCharge = endpoint('GET /api/user/bnbCharges/:id', 'user', {
  params: idParams,
  response: bnbCharge,
});
