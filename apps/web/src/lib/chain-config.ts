import * as z from 'zod/mini';
import { useAppConfig } from './app-config';

/**
 * The chain settings a deposit needs: where the wallet sends tokens and which token contract carries
 * each asset. They come with GET /api/config; a server without a chain RPC answers null (or, before
 * the fields existed, leaves them out), and recharge is then unavailable.
 */
const hexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

const chainFields = z.object({
  deposit_address: z.nullish(hexAddress),
  usdt_contract: z.nullish(hexAddress),
  coin_contract: z.nullish(hexAddress),
  deposit_confirmations: z.nullish(z.int().check(z.positive())),
});

export type DepositAssetKey = 'usdt' | 'coin';

export interface ChainConfig {
  depositAddress: string;
  contracts: Record<DepositAssetKey, string>;
  /** Blocks a deposit waits for; null when the server does not say. */
  confirmations: number | null;
}

/** The chain settings in a config answer, or null when deposits are not available. */
export function readChainConfig(config: unknown): ChainConfig | null {
  const parsed = chainFields.safeParse(config);
  if (!parsed.success) return null;
  const { deposit_address, usdt_contract, coin_contract, deposit_confirmations } = parsed.data;
  if (!deposit_address || !usdt_contract || !coin_contract) return null;
  return {
    depositAddress: deposit_address,
    contracts: { usdt: usdt_contract, coin: coin_contract },
    confirmations: deposit_confirmations ?? null,
  };
}

/** `chain` is undefined while the config loads, null when recharge is unavailable. */
export function useChainConfig() {
  const config = useAppConfig();
  return { ...config, chain: config.data === undefined ? undefined : readChainConfig(config.data) };
}
