import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { journalTotals } from '../ledger/ledger.service.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('transfers between users on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { TRANSFER_FEE_RATE: '0.01' });
    alice = await t.signIn();
    bob = await t.signIn();
    await t.fund(alice.uid, 'usdt', '100');
  });
  afterAll(() => t.close());

  const transfer = (from: SignedInUser, payload: Record<string, unknown>, key?: string) =>
    t.call({
      method: 'POST',
      url: '/api/finance/other/trade',
      token: from.token,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;

  it('moves the amount, charges the fee to the sender, and both see it in their bills', async () => {
    const res = await transfer(alice, { address: bob.account, amount: '10.5', asset: 'usdt' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ asset: 'usdt', amount: '10.50000000', fee: '0.10500000', balance: '89.39500000' });
    expect(await balance(alice, 'usdt')).toBe('89.39500000');
    expect(await balance(bob, 'usdt')).toBe('10.50000000');

    const aliceBills = await t.call({ method: 'GET', url: '/api/finance/bill/usdt', token: alice.token });
    expect(aliceBills.data.list.slice(0, 3).map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
      ['transfer_fee', '-0.10500000'],
      ['transfer_out', '-10.50000000'],
      ['adjustment', '100.00000000'],
    ]);
    expect(aliceBills.data.list[0].balance_after).toBe('89.39500000');
    const bobBills = await t.call({ method: 'GET', url: '/api/finance/bill/all', token: bob.token });
    expect(bobBills.data.list).toHaveLength(1);
    expect(bobBills.data.list[0]).toMatchObject({ kind: 'transfer_in', amount: '10.50000000', balance_after: '10.50000000', asset: 'usdt' });
  });

  it('refuses bad amounts, assets and recipients with a parameter error, moving nothing', async () => {
    const before = await balance(alice, 'usdt');
    const bad: Record<string, unknown>[] = [
      { address: bob.account, asset: 'usdt' },
      { amount: '1', asset: 'usdt' },
      { address: bob.account, amount: '1' },
      { address: bob.account, amount: '0', asset: 'usdt' },
      { address: bob.account, amount: '0.00000000', asset: 'usdt' },
      { address: bob.account, amount: '-1', asset: 'usdt' },
      { address: bob.account, amount: '1.000000001', asset: 'usdt' },
      { address: bob.account, amount: 'abc', asset: 'usdt' },
      { address: bob.account, amount: '1e3', asset: 'usdt' },
      { address: bob.account, amount: 1, asset: 'usdt' },
      { address: bob.account, amount: '1'.repeat(31), asset: 'usdt' },
      { address: bob.account, amount: '1', asset: 'doge' },
      { address: 'bob', amount: '1', asset: 'usdt' },
    ];
    for (const payload of bad) {
      const res = await transfer(alice, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.msg).toBe('參數錯誤');
      expect(res.data.code).toBe('PARAMETER_ERROR');
    }
    expect(await balance(alice, 'usdt')).toBe(before);
  });

  it('refuses an unknown recipient, oneself, and more than the balance holds', async () => {
    const before = await balance(alice, 'usdt');
    expect((await transfer(alice, { address: '0x000000000000000000000000000000000000dEaD', amount: '1', asset: 'usdt' })).data.code).toBe(
      'RECIPIENT_NOT_FOUND',
    );
    expect((await transfer(alice, { address: alice.account, amount: '1', asset: 'usdt' })).data.code).toBe('SELF_TRANSFER');
    // The fee counts too: the whole balance cannot leave when a fee is due.
    const all = await transfer(alice, { address: bob.account, amount: before, asset: 'usdt' });
    expect(all.data.code).toBe('INSUFFICIENT_BALANCE');
    expect((await transfer(alice, { address: bob.account, amount: '1', asset: 'coin' })).data.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(alice, 'usdt')).toBe(before);
  });

  it('replays the first answer for a repeated Idempotency-Key and never moves money twice', async () => {
    const before = toUnits(await balance(alice, 'usdt'));
    const payload = { address: bob.account, amount: '1', asset: 'usdt' };
    const key = 'transfer-key-0001';
    const results = await Promise.all([transfer(alice, payload, key), transfer(alice, payload, key), transfer(alice, payload, key)]);
    for (const r of results) expect(r.data).toEqual(results[0]!.data);
    expect(toUnits(await balance(alice, 'usdt'))).toBe(before - toUnits('1.01'));

    const reused = await transfer(alice, { ...payload, amount: '2' }, key);
    expect(reused.data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await transfer(alice, payload, 'short')).data.code).toBe('PARAMETER_ERROR');
    expect(toUnits(await balance(alice, 'usdt'))).toBe(before - toUnits('1.01'));
  });

  it('keeps the books balanced: every asset sums to zero', async () => {
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });
});

describe.each(databaseKinds)('bills on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await t.signIn();
    other = await t.signIn();
    for (let i = 1; i <= 5; i++) await t.fund(user.uid, 'coin', String(i));
    await t.fund(user.uid, 'game', '7');
    await t.fund(other.uid, 'coin', '1000');
  });
  afterAll(() => t.close());

  const bills = (type: string, query = '') => t.call({ method: 'GET', url: `/api/finance/bill/${type}${query}`, token: user.token });

  it('lists newest first, paginated, filtered by asset, only the caller own lines', async () => {
    const page1 = await bills('coin', '?page=1&limit=2');
    expect(page1.data).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.data.list.map((l: { amount: string }) => l.amount)).toEqual(['5.00000000', '4.00000000']);
    const page3 = await bills('coin', '?page=3&limit=2');
    expect(page3.data.list.map((l: { amount: string }) => l.amount)).toEqual(['1.00000000']);
    const all = await bills('all');
    expect(all.data.total).toBe(6);
    expect(all.data.list[0]).toMatchObject({ asset: 'game', amount: '7.00000000', balance_after: '7.00000000', kind: 'adjustment', memo: 'test funding' });
    expect(all.data.list.some((l: { amount: string }) => l.amount === '1000.00000000')).toBe(false);
    expect((await bills('usdt')).data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses an unknown type and bad paging', async () => {
    for (const [type, query] of [
      ['doge', ''],
      ['coin', '?page=0'],
      ['coin', '?limit=1000'],
      ['coin', '?page=abc'],
      ['coin', '?limit=-1'],
    ] as const) {
      const res = await bills(type, query);
      expect(res.data.code, `${type}${query}`).toBe('PARAMETER_ERROR');
    }
  });
});
