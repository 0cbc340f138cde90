/**
 * BNB charge against a real local EVM node (Hardhat, chain id 56) and the real app on each database:
 * native BNB sent from the user's wallet to the deposit address buys RUSD once it has enough blocks. A claim
 * made before that is stored pending and credited by the watcher pass (the same one server.ts runs on a timer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createWalletClient, defineChain, http, parseEther, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toUnits } from '@reef/contract';
import { eventsOfUser } from '../events/events.service.js';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { startBackgroundJobs } from '../../background-jobs.js';
import { VANISHED_GRACE_MS } from '../chain/confirmation-watch.js';
import { creditConfirmedBnbCharges } from './charge.service.js';
import { chainConfig, startLocalChain, type LocalChain } from '../../test/local-chain.js';
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
      ...chainConfig(chain, { depositAddress, usdt: token, coin: privateKeyToAccount(generatePrivateKey()).address }),
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
    const local = defineChain({
      id: 56,
      name: 'local',
      nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      rpcUrls: { default: { http: [chain.url] } },
    });
    return createWalletClient({ account: user.wallet, chain: local, transport: http(chain.url) }).sendTransaction({ to, value: parseEther(ether) });
  };
  const submit = (user: SignedInUser | null, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/chargeBNB', token: user?.token, payload: payload as Record<string, unknown> });
  const calc = (user: SignedInUser | null, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/chargeBNBCalculator', token: user?.token, payload: payload as Record<string, unknown> });
  const watcherPass = (now?: Date) =>
    creditConfirmedBnbCharges({ db: t.database.db, config: t.config, chain: t.app.chain, log: { warn: () => undefined } }, now);
  const charges = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/bnbCharges', token: user.token })).data;
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

  it('stores an unconfirmed transfer as pending, then the watcher credits it once it has 3 blocks', async () => {
    const hash = await sendBnb(alice, '0.123456789123456789');
    const early = await submit(alice, { tx_hash: hash });
    expect(early.status).toBe(200);
    expect(early.data).toMatchObject({
      tx_hash: hash.toLowerCase(),
      status: 'pending',
      amount_bnb: '0.12345678',
      usdt: null,
      rusd: null,
      failure: null,
      confirmations: 1,
      required_confirmations: 3,
      credited_at: null,
      rusd_balance: '0.00000000',
    });
    expect(await rusd(alice)).toBe('0.00000000');
    // Claimed: a second submission, by anyone, in any case, is refused; only the watcher moves it on.
    expect((await submit(alice, { tx_hash: hash.toUpperCase().replace('0X', '0x') })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await submit(bob, { tx_hash: hash })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 1 });
    await chain.mine(2);
    expect(await watcherPass()).toEqual({ credited: 1, failed: 0, pending: 0 });
    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 0 });
    // 0.12345678 BNB (truncated from 18 places) × 600 × 1.5 = 111.111102.
    const one = await t.call({ method: 'GET', url: `/api/user/bnbCharges/${early.data.id}`, token: alice.token });
    expect(one.data).toMatchObject({
      status: 'credited',
      amount_bnb: '0.12345678',
      usdt: '74.07406800',
      rusd: '111.11110200',
      price: '600.00000000',
      rate: '1.50000000',
      confirmations: 3,
    });
    expect(one.data.credited_at).not.toBeNull();
    expect(await rusd(alice)).toBe('111.11110200');
    expect((await submit(alice, { tx_hash: hash })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect(await rusd(alice)).toBe('111.11110200');
    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/rusd?limit=1', token: alice.token });
    expect(bills.data.list[0]).toMatchObject({ kind: 'rusd_charge_bnb', amount: '111.11110200', memo: hash.toLowerCase() });
    // Someone else's charge is not theirs to read.
    expect((await t.call({ method: 'GET', url: `/api/user/bnbCharges/${early.data.id}`, token: bob.token })).data.code).toBe('NOT_FOUND');
  });

  it('the background watcher (as server.ts starts it) credits a pending charge without another request', async () => {
    const user = await t.signIn();
    await chain.fundGas(user.wallet.address, '1');
    const hash = await sendBnb(user, '0.005');
    const submitted = await submit(user, { tx_hash: hash });
    expect(submitted.data.status).toBe('pending');
    const errors: unknown[] = [];
    const watcher = await startBackgroundJobs({
      db: t.database.db,
      config: { ...t.config, depositPollMs: 50, jobPollMs: 20 },
      chain: t.app.chain,
      log: { warn: () => undefined, error: (details) => errors.push(details) },
    });
    try {
      await chain.mine(2);
      await expect
        .poll(async () => (await t.call({ method: 'GET', url: `/api/user/bnbCharges/${submitted.data.id}`, token: user.token })).data.status, {
          timeout: 10_000,
        })
        .toBe('credited');
    } finally {
      await watcher.stop();
    }
    expect(errors).toEqual([]);
    expect(await rusd(user)).toBe('4.50000000');
    expect(await eventsOfUser(t.database.db, user.uid)).toEqual([
      expect.objectContaining({ type: 'charge.bnb_credited', charge_id: submitted.data.id, amount_bnb: '0.00500000', rusd: '4.50000000' }),
    ]);
  });

  it('credits a transfer that is already confirmed on submission', async () => {
    const hash = await sendBnb(alice, '0.02');
    await chain.mine(2);
    const before = await rusd(alice);
    const res = await submit(alice, { tx_hash: hash });
    expect(res.data).toMatchObject({ status: 'credited', amount_bnb: '0.02000000', rusd: '18.00000000', confirmations: 3 });
    expect(res.data.rusd_balance).toBe(await rusd(alice));
    expect(toUnits(res.data.rusd_balance) - toUnits(before)).toBe(toUnits('18'));
  });

  it('refuses a transfer worth no RUSD, storing nothing', async () => {
    const dust = await sendBnb(alice, '0.000000000000000001');
    await chain.mine(3);
    expect((await submit(alice, { tx_hash: dust })).data.code).toBe('AMOUNT_TOO_SMALL');
    const nothing = await sendBnb(alice, '0');
    expect((await submit(alice, { tx_hash: nothing })).data.code).toBe('AMOUNT_TOO_SMALL');
    expect((await charges(alice)).list.map((c: { tx_hash: string }) => c.tx_hash)).not.toContain(dust.toLowerCase());
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

  it('stores a transfer still in the mempool as pending with its value, then credits it once mined and confirmed', async () => {
    await chain.setAutomine(false);
    let hash: Hash;
    let res;
    try {
      hash = await sendBnb(bob, '0.001');
      res = await submit(bob, { tx_hash: hash });
      expect(res.data).toMatchObject({ status: 'pending', amount_bnb: '0.00100000', confirmations: 0, rusd_balance: '0.00000000' });
      expect(await watcherPass()).toMatchObject({ credited: 0, failed: 0 });
    } finally {
      await chain.setAutomine(true);
    }
    await chain.mine(3);
    expect(await watcherPass()).toMatchObject({ credited: 1, failed: 0 });
    expect(await rusd(bob)).toBe('0.90000000');
    expect((await charges(bob)).list[0]).toMatchObject({ id: res.data.id, status: 'credited', rusd: '0.90000000' });
  });

  it('fails a pending charge whose transaction vanished from the node, once the grace period is over', async () => {
    const user = await t.signIn();
    await chain.fundGas(user.wallet.address, '1');
    await chain.setAutomine(false);
    let hash: Hash;
    try {
      hash = await sendBnb(user, '0.003');
      expect((await submit(user, { tx_hash: hash })).data.status).toBe('pending');
      const dropped = await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_dropTransaction', params: [hash] }),
      });
      expect(((await dropped.json()) as { result: boolean }).result).toBe(true);
    } finally {
      await chain.setAutomine(true);
    }
    expect(await watcherPass()).toMatchObject({ failed: 0 });
    expect((await charges(user)).list[0]).toMatchObject({ status: 'pending' });
    expect(await watcherPass(new Date(Date.now() + VANISHED_GRACE_MS + 60_000))).toMatchObject({ failed: 1 });
    expect((await charges(user)).list[0]).toMatchObject({ status: 'failed', failure: 'DEPOSIT_TX_NOT_FOUND', rusd: null });
    expect(await rusd(user)).toBe('0.00000000');
  });

  it('credits exactly once when the same confirmed hash is submitted 20 times at once', async () => {
    const user = await t.signIn();
    await chain.fundGas(user.wallet.address, '1');
    const hash = await sendBnb(user, '0.002');
    await chain.mine(3);
    const before = (await systemBalanceUnits(t.database.db, 'rusd_issue')).get('rusd') ?? 0n;
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(user, { tx_hash: hash })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['DEPOSIT_ALREADY_SUBMITTED']));
    expect(await rusd(user)).toBe('1.80000000');
    expect((await systemBalanceUnits(t.database.db, 'rusd_issue')).get('rusd')).toBe(before - 180_000_000n);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('the same unconfirmed hash 20 times at once is one pending claim, and concurrent watcher passes credit it once', async () => {
    const user = await t.signIn();
    await chain.fundGas(user.wallet.address, '1');
    const hash = await sendBnb(user, '0.004');
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(user, { tx_hash: hash })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.find((r) => r.status === 200)!.data.status).toBe('pending');
    await chain.mine(2);
    const passes = await Promise.all([watcherPass(), watcherPass(), watcherPass()]);
    expect(passes.reduce((sum, pass) => sum + pass.credited, 0)).toBe(1);
    expect(await rusd(user)).toBe('3.60000000');
    expect((await charges(user)).total).toBe(1);
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
