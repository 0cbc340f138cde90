/**
 * The read-only BNB Smart Chain client built from configuration. viem's `bsc` chain object points at a
 * public RPC and a multicall contract; ours is defined from the configured URL alone, so a local node
 * (tests) and a private endpoint (production) behave the same.
 */
import { createPublicClient, defineChain, http, TransactionNotFoundError, type Chain, type Hash, type PublicClient, type Transport } from 'viem';

export const BSC_CHAIN_ID = 56;

export type ChainClient = PublicClient<Transport, Chain>;

/** BNB Smart Chain (id 56) reached through the configured URL only. */
export function bscChain(rpcUrl: string): Chain {
  return defineChain({
    id: BSC_CHAIN_ID,
    name: 'BNB Smart Chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function chainTransport(rpcUrl: string): Transport {
  return http(rpcUrl, { timeout: 10_000, retryCount: 1 });
}

export function createChainClient(rpcUrl: string): ChainClient {
  return createPublicClient({ chain: bscChain(rpcUrl), transport: chainTransport(rpcUrl) });
}

/**
 * The chain id the node reports, or null when it does not answer. A node on another network (a testnet)
 * could show "transfers" of look-alike contracts: the server refuses to start against one.
 */
export async function reportedChainId(client: ChainClient): Promise<number | null> {
  try {
    return await client.getChainId();
  } catch {
    return null;
  }
}

/** The transaction, or null when the node does not know the hash; any other failure is thrown. */
export async function findTransaction(client: ChainClient, hash: Hash) {
  try {
    return await client.getTransaction({ hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return null;
    throw error;
  }
}
