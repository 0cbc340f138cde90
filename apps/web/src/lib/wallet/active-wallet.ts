import type { Eip1193Provider } from './eip1193';

/**
 * The provider the user signed in with, recorded by the sign-in flow so that other areas (deposits)
 * send transactions through the same wallet without running discovery again.
 */
let active: Eip1193Provider | null = null;

export function setActiveProvider(provider: Eip1193Provider | null): void {
  active = provider;
}

export function activeProvider(): Eip1193Provider | null {
  return active;
}

/**
 * eth_sendTransaction through the wallet; answers the transaction hash. `data` for a contract call, `value`
 * (wei as an EIP-1474 quantity, see `weiToQuantity`) for a native BNB payment.
 */
export async function sendTransaction(provider: Eip1193Provider, tx: { from: string; to: string; data?: string; value?: string }): Promise<string> {
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [tx] });
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error('the wallet returned no transaction hash');
  return hash;
}
