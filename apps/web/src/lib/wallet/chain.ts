import { CHAIN_ID_HEX } from '@reef/contract';
import { rpcErrorCode, UNRECOGNIZED_CHAIN, type Eip1193Provider } from './eip1193';

/** EIP-3085 parameters for BNB Smart Chain, offered when the wallet does not know chain 0x38. */
export const BSC_CHAIN_PARAMS = {
  chainId: CHAIN_ID_HEX,
  chainName: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
  blockExplorerUrls: ['https://bscscan.com'],
} as const;

/** Wallets answer eth_chainId as "0x38", some as 56 or "56": compare one form. */
export function normalizeChainId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value)) return `0x${value.toString(16)}`;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (/^0x[0-9a-f]+$/.test(text)) return `0x${BigInt(text).toString(16)}`;
  if (/^\d+$/.test(text)) return `0x${BigInt(text).toString(16)}`;
  return null;
}

export function isTargetChain(chainId: unknown): boolean {
  return normalizeChainId(chainId) === CHAIN_ID_HEX;
}

async function switchChain(provider: Eip1193Provider): Promise<void> {
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: CHAIN_ID_HEX }] });
}

/** Asks the wallet to move to BSC; adds the chain first when the wallet answers 4902. */
export async function switchToTargetChain(provider: Eip1193Provider): Promise<void> {
  try {
    await switchChain(provider);
  } catch (error) {
    if (rpcErrorCode(error) !== UNRECOGNIZED_CHAIN) throw error;
    await provider.request({ method: 'wallet_addEthereumChain', params: [BSC_CHAIN_PARAMS] });
    await switchChain(provider);
  }
}

/** Makes sure the wallet is on chain 0x38 (spec §8). */
export async function ensureTargetChain(provider: Eip1193Provider): Promise<void> {
  const current = await provider.request({ method: 'eth_chainId' });
  if (!isTargetChain(current)) await switchToTargetChain(provider);
}

function firstAccount(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const account: unknown = value[0];
  return typeof account === 'string' && /^0x[0-9a-fA-F]{40}$/.test(account) ? account : null;
}

/** eth_requestAccounts: opens the wallet's connect prompt when needed. */
export async function requestAccount(provider: Eip1193Provider): Promise<string | null> {
  return firstAccount(await provider.request({ method: 'eth_requestAccounts' }));
}

/** eth_accounts: the selected account without prompting; null while the wallet is locked. */
export async function selectedAccount(provider: Eip1193Provider): Promise<string | null> {
  return firstAccount(await provider.request({ method: 'eth_accounts' }));
}

export async function personalSign(provider: Eip1193Provider, messageHex: string, account: string): Promise<string> {
  const signature = await provider.request({ method: 'personal_sign', params: [messageHex, account] });
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
    throw new Error('the wallet returned no signature');
  }
  return signature;
}

export function sameAccount(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}
