/**
 * The on-chain side of the reconciliation (decision 097): what the platform's wallets hold of each asset users can
 * withdraw, read through the configured RPC. Both tokens are BEP-20 with 18 decimals; the ledger keeps 8 places, so
 * liabilities are compared in wei (units × 10^10). The wallets are the deposit address (where users pay in) and the
 * hot wallet (which pays out), when one is configured. BNB is not an asset users hold (a BNB charge becomes RUSD at
 * once), so it owes nobody anything and is not compared.
 */
import { erc20Abi, BaseError, type Address } from 'viem';
import type { DepositAsset } from '@reef/contract';
import type { ChainConfig } from '../../config.js';
import type { ChainClient } from '../chain/chain-client.js';

/** The assets that live on chain: the deposit (and withdrawal) assets. */
export const ON_CHAIN_ASSETS: readonly DepositAsset[] = ['usdt', 'coin'];

/** 10^(18 − 8): ledger units to token wei. */
export const WEI_PER_UNIT = 10n ** 10n;

export interface Holdings {
  asset: DepositAsset;
  wallets: Address[];
  wei: bigint;
}

export function platformWallets(chain: ChainConfig): Address[] {
  const wallets = new Set<Address>([chain.depositAddress]);
  if (chain.hotWallet) wallets.add(chain.hotWallet.address.toLowerCase() as Address);
  return [...wallets];
}

export async function readHoldings(client: ChainClient, chain: ChainConfig): Promise<Holdings[]> {
  const wallets = platformWallets(chain);
  const holdings: Holdings[] = [];
  for (const asset of ON_CHAIN_ASSETS) {
    let wei = 0n;
    for (const wallet of wallets) {
      wei += await client.readContract({ address: chain.tokenContracts[asset], abi: erc20Abi, functionName: 'balanceOf', args: [wallet] });
    }
    holdings.push({ asset, wallets, wei });
  }
  return holdings;
}

/** Short text for operators: viem's short message, never the RPC URL (it may carry a key) or the request body. */
export function describeChainError(error: unknown): string {
  const text = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
  return text.replace(/https?:\/\/\S+/g, '[rpc]').slice(0, 200);
}
