import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

describe('public configuration', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('tells the client the assets, fee and chain, with no deposit target when no RPC is configured', async () => {
    t = await createTestApp('pglite', { ASSET_SYMBOLS: 'coin=REEF', TRANSFER_FEE_RATE: '0.01' });
    const res = await t.call({ method: 'GET', url: '/api/config' });
    expect(res.data).toMatchObject({
      chain_id: 56,
      transfer_fee_rate: '0.01',
      legacy_login: true,
      walletconnect_project_id: null,
      walletconnect_relay_url: null,
      deposit_address: null,
      usdt_contract: null,
      coin_contract: null,
      deposit_confirmations: 3,
      explorer_url: 'https://bscscan.com',
    });
    expect(res.data.assets).toContainEqual({ key: 'coin', symbol: 'REEF' });
  });

  it('passes the WalletConnect project id on when one is configured, and refuses a malformed one at start-up', async () => {
    t = await createTestApp('pglite', { WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef' });
    expect((await t.call({ method: 'GET', url: '/api/config' })).data).toMatchObject({
      walletconnect_project_id: '0123456789abcdef0123456789abcdef',
      walletconnect_relay_url: null,
    });
    await t.close();
    t = undefined;
    await expect(createTestApp('pglite', { WALLETCONNECT_PROJECT_ID: 'not-an-id' })).rejects.toThrow(/WALLETCONNECT_PROJECT_ID/);
  });

  it('gives the deposit address and token contracts, checksummed, when deposits are on', async () => {
    t = await createTestApp('pglite', {
      BSC_RPC_URL: 'http://127.0.0.1:9',
      DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dead',
      USDT_CONTRACT: '0x55d398326f99059ff775485246999027b3197955',
      COIN_CONTRACT: '0x0000000000000000000000000000000000001234',
      DEPOSIT_CONFIRMATIONS: '12',
      EXPLORER_URL: 'https://testnet.bscscan.com/',
    });
    const res = await t.call({ method: 'GET', url: '/api/config' });
    expect(res.data).toMatchObject({
      deposit_address: '0x000000000000000000000000000000000000dEaD',
      usdt_contract: '0x55d398326f99059fF775485246999027B3197955',
      coin_contract: '0x0000000000000000000000000000000000001234',
      deposit_confirmations: 12,
      explorer_url: 'https://testnet.bscscan.com',
    });
  });
});
