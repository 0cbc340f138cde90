import { z } from 'zod';
import { amountString, endpoint, isoTime, positiveAmount } from '../common.js';

/** What converting `amount` USDT gives at the configured RUSD_PER_USDT rate (truncated to 8 places). */
export const chargeQuote = z.object({
  /** USDT debited. */
  amount: amountString,
  /** RUSD credited. */
  rusd: amountString,
  /** RUSD per USDT. */
  rate: amountString,
});

export const chargeCalculator = endpoint({
  method: 'POST',
  path: '/api/user/chargeCalculator',
  auth: 'user',
  body: z.object({ amount: positiveAmount }),
  response: chargeQuote,
});

/** Converts USDT from the user's balance into RUSD; accepts an Idempotency-Key header. */
export const charge = endpoint({
  method: 'POST',
  path: '/api/user/charge',
  auth: 'user',
  body: z.object({ amount: positiveAmount }),
  response: chargeQuote.extend({
    entry_id: z.number().int(),
    /** The user's balances after the conversion. */
    usdt_balance: amountString,
    rusd_balance: amountString,
  }),
});

/** What `amount_bnb` BNB buys: BNB × BNB_PRICE_USDT × RUSD_PER_USDT, truncated once to 8 places. */
export const bnbChargeQuote = z.object({
  amount_bnb: amountString,
  /** The USDT value at the configured price (truncated). */
  usdt: amountString,
  rusd: amountString,
  /** USDT per BNB. */
  price: amountString,
  /** RUSD per USDT. */
  rate: amountString,
});

export const chargeBnbCalculator = endpoint({
  method: 'POST',
  path: '/api/user/chargeBNBCalculator',
  auth: 'user',
  body: z.object({ amount_bnb: positiveAmount }),
  response: bnbChargeQuote,
});

/**
 * Claims a native BNB transfer from the user's wallet to the platform's deposit address: once it has the
 * required confirmations, the quoted RUSD is credited. A hash is credited once; before enough confirmations
 * the request is refused with CHARGE_UNCONFIRMED and may be repeated.
 */
export const chargeBnb = endpoint({
  method: 'POST',
  path: '/api/user/chargeBNB',
  auth: 'user',
  body: z.object({ tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/) }),
  response: bnbChargeQuote.extend({
    id: z.number().int(),
    /** Lower-case transaction hash. */
    tx_hash: z.string(),
    entry_id: z.number().int(),
    rusd_balance: amountString,
    created_at: isoTime,
  }),
});
