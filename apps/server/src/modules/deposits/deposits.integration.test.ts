/**
 * Deposits against a real local EVM node (Hardhat, chain id 56) with real ERC-20 contracts, and the real
 * app on PGlite (and PostgreSQL with TEST_DATABASE_URL). The node starts once for the file; each database
 * gets its own app. Blocks are mined on demand to add confirmations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { fromUnits, toUnits } from '@reef/contract';
import { journalTotals } from '../ledger/ledger.service.js';
import { chainConfig, startLocalChain, type LocalChain } from '../../test/local-chain.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { creditConfirmedDeposits, type DepositContext } from './deposits.service.js';

const quiet = { warn: () => undefined, error: () => undefined };
const depositAddress = privateKeyToAccount(generatePrivateKey()).address;

let chain: LocalChain;
let usdt: Address;
let coin: Address;
let otherToken: Address;

beforeAll(async () => {
  chain = await startLocalChain();
  usdt = await chain.deployToken('Tether USD', 'USDT');
  coin = await chain.deployToken('Reef Coin', 'RSC');
  otherToken = await chain.deployToken('Other Token', 'OTH');
}, 60_000);
afterAll(() => chain?.stop());

describe.each(databaseKinds)('on-chain deposits on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ...chainConfig(chain, { depositAddress, usdt, coin }),
      DEPOSIT_CONFIRMATIONS: '3',
      RECHARGE_MIN_USDT: '10',
      RECHARGE_MIN_COIN: '1',
    });
    alice = await t.signIn();
    bob = await t.signIn();
    for (const user of [alice, bob]) {
      await chain.fundGas(user.wallet.address);
      for (const token of [usdt, coin, otherToken]) await chain.mint(token, user.wallet.address, parseEther('1000'));
    }
  });
  afterAll(() => t.close());

  const context = (): DepositContext => ({ db: t.database.db, config: t.config, chain: t.app.chain, log: quiet });
  const watcherPass = () => creditConfirmedDeposits(context());
  const recharge = (user: SignedInUser, hash: string | unknown, url = '/api/finance/recharge') =>
    t.call({ method: 'POST', url, token: user.token, payload: { tx_hash: hash } });
  const balance = async (user: SignedInUser, asset: string): Promise<string> =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;
  const deposits = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/finance/recharges', token: user.token })).data;
  const send = (user: SignedInUser, token: Address, amount: string, to: Address = depositAddress) => chain.transfer(user.wallet, token, to, parseEther(amount));

  it('a USDT deposit from the user own wallet is pending until 3 blocks, then the watcher credits it once', async () => {
    const hash = await send(alice, usdt, '25.123456789123456789');
    const res = await recharge(alice, hash);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      asset: 'usdt',
      method: 'chain',
      tx_hash: hash.toLowerCase(),
      voucher_image: null,
      amount: '25.12345678',
      status: 'pending',
      failure: null,
      confirmations: 1,
      required_confirmations: 3,
      credited_at: null,
    });
    expect(await balance(alice, 'usdt')).toBe('0.00000000');

    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 1 });
    await chain.mine(1);
    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 1 });
    expect((await deposits(alice)).list[0]).toMatchObject({ status: 'pending', confirmations: 2 });
    expect(await balance(alice, 'usdt')).toBe('0.00000000');

    await chain.mine(1);
    expect(await watcherPass()).toEqual({ credited: 1, failed: 0, pending: 0 });
    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 0 });
    expect(await balance(alice, 'usdt')).toBe('25.12345678');

    const listed = (await deposits(alice)).list[0];
    expect(listed).toMatchObject({ id: res.data.id, status: 'credited', confirmations: 3, amount: '25.12345678' });
    expect(listed.credited_at).not.toBeNull();
    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/usdt', token: alice.token });
    expect(bills.data.list).toHaveLength(1);
    expect(bills.data.list[0]).toMatchObject({ kind: 'deposit', amount: '25.12345678', balance_after: '25.12345678', memo: hash.toLowerCase() });

    // The same hash again, by its owner or by anyone else, in any letter case: refused, nothing moves.
    expect((await recharge(alice, hash)).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await recharge(alice, `0x${hash.slice(2).toUpperCase()}`)).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await recharge(bob, hash)).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await recharge(alice, hash, '/api/token/recharge')).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect(await balance(alice, 'usdt')).toBe('25.12345678');
    expect(await balance(bob, 'usdt')).toBe('0.00000000');
  });

  it('credits a confirmed coin deposit through /api/token/recharge on submission', async () => {
    const hash = await send(bob, coin, '5');
    await chain.mine(2);
    const res = await recharge(bob, hash, '/api/token/recharge');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ asset: 'coin', amount: '5.00000000', status: 'credited', confirmations: 3 });
    expect(await balance(bob, 'coin')).toBe('5.00000000');
    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 0 });
    expect(await balance(bob, 'coin')).toBe('5.00000000');
  });

  it('refuses transfers that are not deposits of the asset from the caller, recording nothing', async () => {
    const before = { list: (await deposits(alice)).total, usdt: await balance(alice, 'usdt'), coin: await balance(alice, 'coin') };
    const refusals: [string, () => Promise<Hash | string>, string, string?][] = [
      ['wrong token contract', () => send(alice, otherToken, '50'), 'DEPOSIT_WRONG_TOKEN'],
      ['USDT sent, coin claimed', () => send(alice, usdt, '50'), 'DEPOSIT_WRONG_TOKEN', '/api/token/recharge'],
      ['sent to another address', () => send(alice, usdt, '50', bob.wallet.address), 'DEPOSIT_WRONG_RECIPIENT'],
      ['another sender', () => send(bob, usdt, '50'), 'DEPOSIT_WRONG_SENDER'],
      // More than the balance, with an explicit gas limit so the transaction is sent and mined as reverted.
      ['reverted', () => chain.transfer(alice.wallet, usdt, depositAddress, parseEther('1000000'), { gas: 200_000n }), 'DEPOSIT_TX_REVERTED'],
      ['unknown hash', async () => `0x${randomBytes(32).toString('hex')}`, 'DEPOSIT_TX_NOT_FOUND'],
      ['below the minimum', () => send(alice, usdt, '9.99999999'), 'DEPOSIT_BELOW_MINIMUM'],
      // 10^9 wei is 0.000000001: zero after truncation to 8 places.
      ['zero after conversion', () => chain.transfer(alice.wallet, coin, depositAddress, 1_000_000_000n), 'DEPOSIT_BELOW_MINIMUM', '/api/token/recharge'],
    ];
    // One after another: transactions from one wallet need consecutive nonces.
    const hashes: string[] = [];
    for (const [, sendIt] of refusals) hashes.push(await sendIt());
    await chain.mine(3);
    for (const [index, [label, , code, url]] of refusals.entries()) {
      const hash = hashes[index]!;
      const res = await recharge(alice, hash, url);
      expect(res.status, label).toBe(400);
      expect(res.data.code, label).toBe(code);
      if (code === 'DEPOSIT_BELOW_MINIMUM') expect(res.data.minimum, label).toBe(url ? '1.00000000' : '10.00000000');
    }
    expect((await recharge(alice, `0x${randomBytes(32).toString('hex')}`)).msg).toBe('鏈上找不到此交易');

    for (const bad of ['0x1234', 'abc', `0x${'g'.repeat(64)}`, randomBytes(32).toString('hex'), `0x${'a'.repeat(65)}`, 42, null]) {
      const res = await recharge(alice, bad);
      expect(res.data.code, String(bad)).toBe('PARAMETER_ERROR');
    }
    const missing = await t.call({ method: 'POST', url: '/api/finance/recharge', token: alice.token, payload: {} });
    expect(missing.data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'POST', url: '/api/finance/recharge', payload: { tx_hash: `0x${'a'.repeat(64)}` } })).http).toBe(401);

    expect((await deposits(alice)).total).toBe(before.list);
    expect(await balance(alice, 'usdt')).toBe(before.usdt);
    expect(await balance(alice, 'coin')).toBe(before.coin);
  });

  it('lets the real sender claim a transfer someone else tried to claim first', async () => {
    const hash = await send(bob, usdt, '12');
    await chain.mine(2);
    expect((await recharge(alice, hash)).data.code).toBe('DEPOSIT_WRONG_SENDER');
    expect((await recharge(bob, hash)).data).toMatchObject({ status: 'credited', amount: '12.00000000' });
  });

  it('records a transaction not mined yet as pending without an amount, then credits it once confirmed', async () => {
    await chain.setAutomine(false);
    let hash: Hash;
    try {
      hash = await send(alice, coin, '3.5');
      const res = await recharge(alice, hash, '/api/token/recharge');
      expect(res.data).toMatchObject({ status: 'pending', amount: null, confirmations: 0 });
      expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 1 });
    } finally {
      await chain.setAutomine(true);
    }
    await chain.mine(1);
    expect(await watcherPass()).toEqual({ credited: 0, failed: 0, pending: 1 });
    expect((await deposits(alice)).list[0]).toMatchObject({ tx_hash: hash.toLowerCase(), status: 'pending', amount: '3.50000000', confirmations: 1 });
    await chain.mine(2);
    expect(await watcherPass()).toEqual({ credited: 1, failed: 0, pending: 0 });
    expect(await balance(alice, 'coin')).toBe('3.50000000');
  });

  it('fails a pending transaction that is mined reverted, crediting nothing', async () => {
    await chain.setAutomine(false);
    let hash: Hash;
    try {
      hash = await chain.transfer(alice.wallet, coin, depositAddress, parseEther('1000000'), { gas: 200_000n });
      expect((await recharge(alice, hash, '/api/token/recharge')).data).toMatchObject({ status: 'pending', amount: null });
    } finally {
      await chain.setAutomine(true);
    }
    const before = await balance(alice, 'coin');
    await chain.mine(3);
    expect(await watcherPass()).toEqual({ credited: 0, failed: 1, pending: 0 });
    expect((await deposits(alice)).list[0]).toMatchObject({ tx_hash: hash.toLowerCase(), status: 'failed', failure: 'DEPOSIT_TX_REVERTED', amount: null });
    expect(await balance(alice, 'coin')).toBe(before);
    expect((await recharge(alice, hash, '/api/token/recharge')).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
  });

  it('credits a confirmed hash submitted 20 times at once exactly once', async () => {
    const hash = await send(alice, usdt, '17');
    await chain.mine(2);
    const before = await balance(alice, 'usdt');
    const results = await Promise.all(Array.from({ length: 20 }, () => recharge(alice, hash)));
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.data).toMatchObject({ status: 'credited', amount: '17.00000000' });
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['DEPOSIT_ALREADY_SUBMITTED']));
    expect(await balance(alice, 'usdt')).toBe(fromUnits(toUnits(before) + toUnits('17')));
  });

  it('credits a pending deposit once when watcher passes run at the same time', async () => {
    const hash = await send(bob, coin, '2');
    expect((await recharge(bob, hash, '/api/token/recharge')).data.status).toBe('pending');
    const before = await balance(bob, 'coin');
    await chain.mine(2);
    const passes = await Promise.all(Array.from({ length: 5 }, () => watcherPass()));
    expect(passes.reduce((sum, p) => sum + p.credited, 0)).toBe(1);
    expect(await balance(bob, 'coin')).toBe(fromUnits(toUnits(before) + toUnits('2')));
  });

  it('lists only the caller own deposits, newest first, paginated', async () => {
    const own = await deposits(alice);
    expect(own.total).toBeGreaterThanOrEqual(4);
    expect(own.list.map((d: { id: number }) => d.id)).toEqual([...own.list.map((d: { id: number }) => d.id)].sort((a, b) => b - a));
    const page2 = await t.call({ method: 'GET', url: '/api/finance/recharges?page=2&limit=1', token: alice.token });
    expect(page2.data).toMatchObject({ page: 2, limit: 1, total: own.total });
    expect(page2.data.list[0].id).toBe(own.list[1].id);
    const bobs = await deposits(bob);
    expect(bobs.list.every((d: { id: number }) => !own.list.some((o: { id: number }) => o.id === d.id))).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/finance/recharges?limit=500', token: alice.token })).data.code).toBe('PARAMETER_ERROR');
  });

  it('keeps the books balanced: every asset sums to zero', async () => {
    const totals = await journalTotals(t.database.db);
    expect(totals.size).toBeGreaterThan(0);
    for (const [, total] of totals) expect(total).toBe(0n);
  });
});

describe.each(databaseKinds)('deposits without a reachable chain on %s', (kind) => {
  let unconfigured: TestApp;
  let unreachable: TestApp;
  beforeAll(async () => {
    unconfigured = await createTestApp(kind);
    unreachable = await createTestApp(kind, {
      BSC_RPC_URL: 'http://127.0.0.1:1',
      DEPOSIT_ADDRESS: depositAddress,
      USDT_CONTRACT: usdt,
      COIN_CONTRACT: coin,
    });
  });
  afterAll(async () => {
    await unconfigured.close();
    await unreachable.close();
  });

  it('refuses recharges with DEPOSITS_UNAVAILABLE when no RPC is configured or it does not answer', async () => {
    for (const t of [unconfigured, unreachable]) {
      const user = await t.signIn();
      for (const url of ['/api/finance/recharge', '/api/token/recharge']) {
        const res = await t.call({ method: 'POST', url, token: user.token, payload: { tx_hash: `0x${'ab'.repeat(32)}` } });
        expect(res.status, url).toBe(400);
        expect(res.data.code, url).toBe('DEPOSITS_UNAVAILABLE');
      }
      expect((await t.call({ method: 'GET', url: '/api/finance/recharges', token: user.token })).data).toMatchObject({ total: 0, list: [] });
    }
    expect(unconfigured.app.chain).toBeNull();
  });
});
