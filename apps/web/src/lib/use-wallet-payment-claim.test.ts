import { beforeAll, describe, expect, it, vi } from 'vitest';

// The API client reads localStorage and location when its module loads: give it a minimal window first.
vi.stubGlobal('window', {
  localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  location: { hash: '' },
  addEventListener: () => undefined,
});

let claims: typeof import('./use-wallet-payment-claim');
let client: typeof import('./api-client');

beforeAll(async () => {
  claims = await import('./use-wallet-payment-claim');
  client = await import('./api-client');
});

describe('claimWalletPayment', () => {
  it('leaves nothing to claim once the claim succeeded', async () => {
    const claimed: string[] = [];
    const left = await claims.claimWalletPayment('0xabc', {
      claim: async (hash) => `credited ${hash}`,
      onClaimed: (result) => claimed.push(result),
    });
    expect(left).toBeNull();
    expect(claimed).toEqual(['credited 0xabc']);
  });

  it('leaves nothing to claim when the server refused the hash: it is settled', async () => {
    const errors: unknown[] = [];
    const refusal = new client.ApiError('DEPOSIT_TX_USED', 'used', 400);
    const left = await claims.claimWalletPayment(
      '0xabc',
      {
        claim: async () => {
          throw refusal;
        },
        onClaimed: () => expect.unreachable(),
      },
      (error) => errors.push(error),
    );
    expect(left).toBeNull();
    expect(errors).toEqual([refusal]);
  });

  it('keeps the payment to claim again when no answer came', async () => {
    const target = { asset: 'usdt', txHash: '0xabc' };
    const left = await claims.claimWalletPayment(
      target,
      {
        claim: async () => {
          throw new client.TransportError('offline', false);
        },
        onClaimed: () => expect.unreachable(),
      },
      () => undefined,
    );
    expect(left).toBe(target);
  });
});
