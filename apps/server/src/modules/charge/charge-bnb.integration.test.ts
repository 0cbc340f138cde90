/**
 * BNB charge against a real local EVM node (Hardhat, chain id 56) and the real app on each database:
 * native BNB sent from the user's wallet to the deposit address buys RUSD once it has enough blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createWalletClient, defineChain, http, parseEther, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { startLocalChain, type LocalChain } from '../../test/local-chain.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';

const depositAddress = privateKeyToAccount(generatePrivateKey()).address;
let chain: LocalChain;
let token: Address;

beforeAll(async () => {
  chain = await startLocalChain();
  token = await chain.deployToken('Tether USD', 'USDT');
}, 60_000);
afterAll(() => chain?.stop());

describe.each(databaseKinds)('BNB charge on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      BSC_RPC_URL: chain.url,
      DEPOSIT_ADDRESS: depositAddress,
      USDT_CONTRACT: token,
      COIN_CONTRACT: privateKeyToAccount(generatePrivateKey()).address,
      DEPOSIT_CONFIRMATIONS: '3',
      BNB_PRICE_USDT: '600',
      RUSD_PER_USDT: '1.5',
    });
    alice = await t.signIn();
    bob = await t.signIn();
    for (const user of [alice, bob]) await chain.fundGas(user.wallet.address, '10');
  });
  afterAll(() => t.close());

  const sendBnb = (user: SignedInUser, ether: string, to: Address = depositAddress): Promise<Hash> => {
    const local = defineChain({ id: 56, name: 'local', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: { default: { http: [chain.url] } } });
    return createWalletClient({ account: user.wallet, chain: local, transport: http(chain.url) }).sendTransaction({ to, value: parseEther(ether) });
  };
  const submit = (user: SignedInUser | null, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/chargeBNB', token: user?.token, payload: payload as Record<string, unknown> });
  const calc = (user: SignedInUser | null, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/chargeBNBCalculator', token: user?.token, payload: payload as Record<string, unknown> });
  const rusd = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === 'rusd').amount;

  it('quotes BNB × price × rate with one truncation', async () => {
    expect((await calc(alice, { amount_bnb: '0.5' })).data).toEqual({
      amount_bnb: '0.50000000',
      usdt: '300.00000000',
      rusd: '450.00000000',
      price: '600.00000000',
      rate: '1.50000000',
    });
    // 0.00000001 × 600 × 1.5 = 0.000009 exactly.
    expect((await calc(alice, { amount_bnb: '0.00000001' })).data).toMatchObject({ usdt: '0.00000600', rusd: '0.00000900' });
    for (const payload of [{}, { amount_bnb: 1 }, { amount_bnb: '0' }, { amount_bnb: '-1' }, { amount_bnb: '1.000000001' }, { amount: '1' }]) {
      expect((await calc(alice, payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    expect((await calc(null, { amount_bnb: '1' })).http).toBe(401);
  });

  it('credits a transfer once it has 3 blocks, once per hash', async () => {
    const hash = await sendBnb(alice, '0.123456789123456789');
    const early = await submit(alice, { tx_hash: hash });
    expect(early.data).toEqual({ code: 'CHARGE_UNCONFIRMED', confirmations: 1, required_confirmations: 3 });
    expect(await rusd(alice)).toBe('0.00000000');
    await chain.mine(2);
    const res = await submit(alice, { tx_hash: hash.toUpperCase().replace('0X', '0x') });
    expect(res.status).toBe(200);
    // 0.12345678 BNB (truncated from 18 places) × 600 × 1.5 = 111.111102.
    expect(res.data).toMatchObject({
      tx_hash: hash.toLowerCase(),
      amount_bnb: '0.12345678',
      usdt: '74.07406800',
      rusd: '111.11110200',
      rusd_balance: '111.11110200',
    });
    expect(await rusd(alice)).toBe('111.11110200');
    expect((await submit(alice, { tx_hash: hash })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await submit(bob, { tx_hash: hash })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect(await rusd(alice)).toBe('111.11110200');
    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/rusd?limit=1', token: alice.token });
    expect(bills.data.list[0]).toMatchObject({ kind: 'rusd_charge_bnb', amount: '111.11110200', memo: hash.toLowerCase() });
  });

  it("refuses someone else's transfer, other recipients, unknown hashes and malformed input", async () => {
    const hash = await sendBnb(alice, '0.01');
    await chain.mine(3);
    expect((await submit(bob, { tx_hash: hash })).data.code).toBe('DEPOSIT_WRONG_SENDER');
    const elsewhere = await sendBnb(alice, '0.01', privateKeyToAccount(generatePrivateKey()).address);
    await chain.mine(3);
    expect((await submit(alice, { tx_hash: elsewhere })).data.code).toBe('DEPOSIT_WRONG_RECIPIENT');
    // An ERC-20 transfer is a call to the token contract, not a BNB transfer to us.
    await chain.mint(token, alice.wallet.address, parseEther('5'));
    const erc20 = await chain.transfer(alice.wallet, token, depositAddress, parseEther('5'));
    await chain.mine(3);
    expect((await submit(alice, { tx_hash: erc20 })).data.code).toBe('DEPOSIT_WRONG_RECIPIENT');
    expect((await submit(alice, { tx_hash: `0x${randomBytes(32).toString('hex')}` })).data.code).toBe('DEPOSIT_TX_NOT_FOUND');
    for (const payload of [{}, { tx_hash: 1 }, { tx_hash: '0x12' }, { tx_hash: `0x${'a'.repeat(65)}` }, { tx_hash: `0x${'g'.repeat(64)}` }]) {
      expect((await submit(alice, payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    expect((await submit(null, { tx_hash: hash })).http).toBe(401);
    // The owner can still claim the first one.
    expect((await submit(alice, { tx_hash: hash })).data).toMatchObject({ amount_bnb: '0.01000000', rusd: '9.00000000' });
  });

  it('refuses a transfer still in the mempool, then credits it once mined and confirmed', async () => {
    await chain.setAutomine(false);
    let hash: Hash;
    try {
      hash = await sendBnb(bob, '0.001');
      expect((await submit(bob, { tx_hash: hash })).data).toEqual({ code: 'CHARGE_UNCONFIRMED', confirmations: 0, required_confirmations: 3 });
    } finally {
      await chain.setAutomine(true);
    }
    await chain.mine(3);
    expect((await submit(bob, { tx_hash: hash })).data).toMatchObject({ rusd: '0.90000000', rusd_balance: '0.90000000' });
  });

  it('credits exactly once when the same hash is submitted 8 times at once', async () => {
    const user = await t.signIn();
    await chain.fundGas(user.wallet.address, '1');
    const hash = await sendBnb(user, '0.002');
    await chain.mine(3);
    const before = (await systemBalanceUnits(t.database.db, 'rusd_issue')).get('rusd') ?? 0n;
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(user, { tx_hash: hash })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['DEPOSIT_ALREADY_SUBMITTED']));
    expect(await rusd(user)).toBe('1.80000000');
    expect((await systemBalanceUnits(t.database.db, 'rusd_issue')).get('rusd')).toBe(before - 180_000_000n);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('is refused when no chain is configured', async () => {
    const offline = await createTestApp(kind);
    try {
      const user = await offline.signIn();
      const res = await offline.call({ method: 'POST', url: '/api/user/chargeBNB', token: user.token, payload: { tx_hash: `0x${'ab'.repeat(32)}` } });
      expect(res.data.code).toBe('DEPOSITS_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });
});
