import * as z from 'zod/mini';
import { address, assetKey, endpoint } from '../common.js';

/** Public settings the client needs before sign-in. */
export const getConfig = endpoint('GET /api/config', 'none', {
  response: z.object({
    chain_id: z.int(),
    assets: z.array(z.object({ key: assetKey, symbol: z.string() })),
    transfer_fee_rate: z.string(),
    legacy_login: z.boolean(),
    /** WalletConnect Cloud project id; null when the server has none, and then the web offers no WalletConnect. */
    walletconnect_project_id: z.nullable(z.string()),
    /** The relay WalletConnect uses; null for WalletConnect's own. Set only on test deployments (decision 044). */
    walletconnect_relay_url: z.nullable(z.string()),
    /** Where the wallet sends deposits; null when the server has no chain RPC (recharge unavailable). */
    deposit_address: z.nullable(address),
    usdt_contract: z.nullable(address),
    coin_contract: z.nullable(address),
    deposit_confirmations: z.int(),
    /** Block explorer base URL (no trailing slash): pages link `/address/<a>` and `/tx/<hash>` under it. */
    explorer_url: z.url(),
  }),
});

/**
 * GET /api/version (decision 077): the server's version and build commit, and the oldest web build it still supports.
 * A web build older than `min_client_build` (build ids compare as text: UTC timestamps like 20261127T1800) shows
 * 'update available'.
 */
export const getVersion = endpoint('GET /api/version', 'none', {
  response: z.object({ version: z.string(), commit: z.string(), min_client_build: z.string() }),
});
