import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, positiveAmount, walletAddress } from '../common.js';

/** Spec §7 keeps the original path; everywhere else the capability is named "transfer". */
export const transfer = endpoint({
  method: 'POST',
  path: '/api/finance/other/trade',
  auth: 'user',
  body: z.object({ address: walletAddress, amount: positiveAmount, asset: assetKey }),
  response: z.object({
    entry_id: z.int(),
    asset: assetKey,
    amount: amountString,
    fee: amountString,
    balance: amountString,
  }),
});
