import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from '../../../../lib/wallet';
import { DepositWalletError, sendBnbPayment, sendDepositTransfer } from './deposit-transaction';

const account = '0x' + '1'.repeat(40);
const token = '0x' + '2'.repeat(40);
const depositAddress = '0x' + '3'.repeat(40);
const hash = '0x' + 'f'.repeat(64);

function wallet(selected: string) {
  const calls: { method: string; params?: unknown }[] = [];
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      calls.push({ method, params });
      if (method === 'eth_accounts') return [selected];
      if (method === 'eth_chainId') return '0x38';
      if (method === 'eth_sendTransaction') return hash;
      throw new Error(method);
    },
  };
  return { provider, calls };
}

describe('sendDepositTransfer', () => {
  it('sends transfer(depositAddress, amount × 10^18) to the token contract', async () => {
    const { provider, calls } = wallet(account);
    await expect(sendDepositTransfer({ provider, account, token, depositAddress, amount: '1.5' })).resolves.toBe(hash);
    const sent = calls.find((c) => c.method === 'eth_sendTransaction')!.params as [{ from: string; to: string; data: string }];
    expect(sent[0].from).toBe(account);
    expect(sent[0].to).toBe(token);
    expect(sent[0].data).toBe(`0xa9059cbb${'0'.repeat(24)}${'3'.repeat(40)}${(15n * 10n ** 17n).toString(16).padStart(64, '0')}`);
  });

  it('refuses when the wallet shows another account', async () => {
    const { provider, calls } = wallet('0x' + '9'.repeat(40));
    await expect(sendDepositTransfer({ provider, account, token, depositAddress, amount: '1' })).rejects.toBeInstanceOf(DepositWalletError);
    expect(calls.map((c) => c.method)).toEqual(['eth_accounts']);
  });
});

describe('sendBnbPayment', () => {
  it('sends the BNB as the value of a plain transfer to the deposit address', async () => {
    const { provider, calls } = wallet(account);
    await expect(sendBnbPayment({ provider, account, depositAddress, amount: '0.25' })).resolves.toBe(hash);
    const sent = calls.find((c) => c.method === 'eth_sendTransaction')!.params as [Record<string, unknown>];
    expect(sent[0]).toEqual({ from: account, to: depositAddress, value: `0x${(25n * 10n ** 16n).toString(16)}` });
    expect(calls.map((c) => c.method)).toEqual(['eth_accounts', 'eth_chainId', 'eth_sendTransaction']);
  });

  it('refuses when the wallet shows another account, before asking it to pay', async () => {
    const { provider, calls } = wallet('0x' + '9'.repeat(40));
    await expect(sendBnbPayment({ provider, account, depositAddress, amount: '1' })).rejects.toBeInstanceOf(DepositWalletError);
    expect(calls.map((c) => c.method)).toEqual(['eth_accounts']);
  });
});
