import { z } from 'zod';
import { assetKey, endpoint } from '../common.js';

/** Public settings the client needs before sign-in. */
export const getConfig = endpoint({
  method: 'GET',
  path: '/api/config',
  auth: 'none',
  response: z.object({
    chain_id: z.number().int(),
    assets: z.array(z.object({ key: assetKey, symbol: z.string() })),
    transfer_fee_rate: z.string(),
    legacy_login: z.boolean(),
  }),
});
