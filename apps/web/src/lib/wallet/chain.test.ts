import { describe, expect, it } from 'vitest';
import { BSC_CHAIN_PARAMS, ensureTargetChain, normalizeChainId, requestAccount, selectedAccount } from './chain';
import { rpcErrorCode, type Eip1193Provider } from './eip1193';

interface Call {
  method: string;
  params?: unknown;
}

/** A wallet that answers from a table and records what it was asked. */
function wallet(answer: (call: Call, calls: Call[]) => unknown): { provider: Eip1193Provider; calls: Call[] } {
  const calls: Call[] = [];
  const provider: Eip1193Provider = {
    request: async (args) => {
      const call = { method: args.method, params: args.params };
      calls.push(call);
      const result = answer(call, calls);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { provider, calls };
}

const rpcError = (code: number) => Object.assign(new Error(`rpc ${code}`), { code });

describe('ensureTargetChain', () => {
  it('does nothing on BSC', async () => {
    const { provider, calls } = wallet(() => '0x38');
    await ensureTargetChain(provider);
    expect(calls.map((c) => c.method)).toEqual(['eth_chainId']);
  });

  it('asks to switch from another chain', async () => {
    const { provider, calls } = wallet((call) => (call.method === 'eth_chainId' ? '0x1' : null));
    await ensureTargetChain(provider);
    expect(calls).toEqual([
      { method: 'eth_chainId', params: undefined },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x38' }] },
    ]);
  });

  it('adds BSC when the wallet answers 4902, then switches again', async () => {
    let switches = 0;
    const { provider, calls } = wallet((call) => {
      if (call.method === 'eth_chainId') return '0x1';
      if (call.method === 'wallet_switchEthereumChain') return switches++ === 0 ? rpcError(4902) : null;
      return null;
    });
    await ensureTargetChain(provider);
    expect(calls.map((c) => c.method)).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    expect(calls[2]!.params).toEqual([BSC_CHAIN_PARAMS]);
    expect(BSC_CHAIN_PARAMS).toMatchObject({ chainId: '0x38', chainName: 'BNB Smart Chain', nativeCurrency: { symbol: 'BNB', decimals: 18 } });
  });

  it('passes a rejection (4001) through', async () => {
    const { provider } = wallet((call) => (call.method === 'eth_chainId' ? '0x1' : rpcError(4001)));
    await expect(ensureTargetChain(provider)).rejects.toMatchObject({ code: 4001 });
  });
});

describe('chain and account helpers', () => {
  it('normalizes chain ids', () => {
    expect(normalizeChainId('0x38')).toBe('0x38');
    expect(normalizeChainId('0x038')).toBe('0x38');
    expect(normalizeChainId(56)).toBe('0x38');
    expect(normalizeChainId('56')).toBe('0x38');
    expect(normalizeChainId('BSC')).toBeNull();
  });

  it('reads nested provider error codes', () => {
    expect(rpcErrorCode({ code: 4001 })).toBe(4001);
    expect(rpcErrorCode({ code: -32603, data: { originalError: { code: 4902 } } })).toBe(4902);
    expect(rpcErrorCode('nope')).toBeUndefined();
  });

  it('takes the first well-formed account', async () => {
    const account = '0x' + 'ab'.repeat(20);
    expect(await requestAccount(wallet(() => [account]).provider)).toBe(account);
    expect(await selectedAccount(wallet(() => []).provider)).toBeNull();
    expect(await selectedAccount(wallet(() => ['junk']).provider)).toBeNull();
  });
});
