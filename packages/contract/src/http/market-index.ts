/**
 * Home's coin figures: the one market endpoint the first screen calls. It has its own file so that the first load's
 * bundle holds it alone, not every market endpoint the lazy pages use (decision 111); `market.ts` re-exports it.
 */
import * as z from 'zod/mini';
import { amountString, endpoint } from '../common.js';
export const decimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/** Home page figures of the platform coin. */
export const getIndex = endpoint('GET /api/index', 'none', {
  response: z.object({
    coin: z.object({
      symbol: z.string(),
      /** In USDT; null until the main lake exists. */
      price: z.nullable(amountString),
      change_24h: z.nullable(decimalString),
      total_issuance: amountString,
      burned: amountString,
      circulating: amountString,
    }),
  }),
});
