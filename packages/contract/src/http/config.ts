import { z } from 'zod';
import { address, assetKey, endpoint } from '../common.js';

/** Public settings the client needs before sign-in. */
export const getConfig = endpoint('GET /api/config', 'none', {
  response: z.object({
    chain_id: z.number().int(),
    assets: z.array(z.object({ key: assetKey, symbol: z.string() })),
    transfer_fee_rate: z.string(),
    legacy_login: z.boolean(),
    /** WalletConnect Cloud project id; null when the server has none, and then the web offers no WalletConnect. */
    walletconnect_project_id: z.string().nullable(),
    /** Where the wallet sends deposits; null when the server has no chain RPC (recharge unavailable). */
    deposit_address: address.nullable(),
    usdt_contract: address.nullable(),
    coin_contract: address.nullable(),
    deposit_confirmations: z.number().int(),
    /** Block explorer base URL (no trailing slash): pages link `/address/<a>` and `/tx/<hash>` under it. */
    explorer_url: z.string().url(),
  }),
});
