import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from './eip1193';
import { signInWithWallet, type LoginBody } from './sign-in';

// A wallet backed by a real key (Hardhat's first test account), signing like MetaMask does.
const key = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

function signingWallet(options: { chainId?: string; rejectSign?: boolean } = {}) {
  let chainId = options.chainId ?? '0x38';
  const methods: string[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      methods.push(method);
      const list = (params ?? []) as unknown[];
      switch (method) {
        case 'eth_requestAccounts':
          return [key.address.toLowerCase()];
        case 'eth_chainId':
          return chainId;
        case 'wallet_switchEthereumChain':
          chainId = (list[0] as { chainId: string }).chainId;
          return null;
        case 'personal_sign':
          if (options.rejectSign) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          expect(list[1]).toBe(key.address.toLowerCase());
          return key.signMessage({ message: { raw: list[0] as `0x${string}` } });
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
  };
  return { provider, methods };
}

function steps(provider: Eip1193Provider, logins: LoginBody[]) {
  return {
    provider,
    location: { host: 'reef.test:4173', origin: 'http://reef.test:4173' },
    spread: '7',
    now: () => new Date('2025-05-06T07:08:09.000Z'),
    getNonce: async () => ({ nonce: 'n0nce12345678' }),
    login: async (body: LoginBody) => {
      logins.push(body);
      return { token: 'token-1' };
    },
  };
}

describe('signInWithWallet', () => {
  it('switches to BSC, signs an EIP-4361 message and logs in with it', async () => {
    const { provider, methods } = signingWallet({ chainId: '0x1' });
    const logins: LoginBody[] = [];
    const result = await signInWithWallet(steps(provider, logins));

    expect(result).toEqual({ token: 'token-1', account: key.address.toLowerCase() });
    expect(methods).toEqual(['eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain', 'personal_sign']);
    const body = logins[0]!;
    expect(body.account).toBe(key.address.toLowerCase());
    expect(body.spread).toBe('7');
    expect(parseSiweMessage(body.msg)).toMatchObject({
      domain: 'reef.test:4173',
      uri: 'http://reef.test:4173',
      chainId: 56,
      nonce: 'n0nce12345678',
      statement: 'Sign in to Reef.',
    });
    expect(await verifyMessage({ address: key.address, message: body.msg, signature: body.sign as `0x${string}` })).toBe(true);
  });

  it('stops without logging in when the user rejects the signature', async () => {
    const { provider } = signingWallet({ rejectSign: true });
    const logins: LoginBody[] = [];
    await expect(signInWithWallet(steps(provider, logins))).rejects.toMatchObject({ code: 4001 });
    expect(logins).toEqual([]);
  });
});
