import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('RUSD charge on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { RUSD_PER_USDT: '1.5' });
    alice = await t.signIn();
    bob = await t.signIn();
    await t.fund(alice.uid, 'usdt', '100');
    await t.fund(bob.uid, 'usdt', '50');
  });
  afterAll(() => t.close());

  const calc = (user: SignedInUser | null, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/chargeCalculator', token: user?.token, payload: payload as Record<string, unknown> });
  const charge = (user: SignedInUser | null, payload: unknown, key?: string) =>
    t.call({
      method: 'POST',
      url: '/api/user/charge',
      token: user?.token,
      payload: payload as Record<string, unknown>,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;

  it('quotes a conversion at the configured rate, truncating, without moving anything', async () => {
    expect((await calc(alice, { amount: '10' })).data).toEqual({ amount: '10.00000000', rusd: '15.00000000', rate: '1.50000000' });
    // 0.00000003 × 1.5 = 0.000000045 → truncated to 0.00000004.
    expect((await calc(alice, { amount: '0.00000003' })).data).toEqual({ amount: '0.00000003', rusd: '0.00000004', rate: '1.50000000' });
    // More than the balance can still be quoted.
    expect((await calc(alice, { amount: '1000000' })).data.rusd).toBe('1500000.00000000');
    expect(await balance(alice, 'usdt')).toBe('100.00000000');
    expect((await calc(null, { amount: '1' })).http).toBe(401);
  });

  it('converts USDT into RUSD in one balanced entry with two bill lines', async () => {
    const res = await charge(alice, { amount: '10.00000001' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      amount: '10.00000001',
      rusd: '15.00000001',
      rate: '1.50000000',
      usdt_balance: '89.99999999',
      rusd_balance: '15.00000001',
    });
    expect(typeof res.data.entry_id).toBe('number');
    expect(await balance(alice, 'usdt')).toBe('89.99999999');
    expect(await balance(alice, 'rusd')).toBe('15.00000001');
    expect((await systemBalanceUnits(t.database.db, 'rusd_sales')).get('usdt')).toBe(toUnits('10.00000001'));
    expect((await systemBalanceUnits(t.database.db, 'rusd_issue')).get('rusd')).toBe(-toUnits('15.00000001'));

    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/all?limit=2', token: alice.token });
    expect(bills.data.list.map((l: { kind: string; asset: string; amount: string }) => [l.kind, l.asset, l.amount]).sort()).toEqual([
      ['rusd_charge_in', 'rusd', '15.00000001'],
      ['rusd_charge_out', 'usdt', '-10.00000001'],
    ]);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('refuses more than the USDT balance, moving nothing', async () => {
    const res = await charge(bob, { amount: '50.00000001' });
    expect(res.data).toMatchObject({ code: 'INSUFFICIENT_BALANCE', asset: 'usdt' });
    const en = await t.call({ method: 'POST', url: '/api/user/charge', token: bob.token, payload: { amount: '51' }, headers: { 'accept-language': 'en-us' } });
    expect(en.msg).toBe('Insufficient balance');
    expect(await balance(bob, 'usdt')).toBe('50.00000000');
    expect(await balance(bob, 'rusd')).toBe('0.00000000');
    expect((await charge(bob, { amount: '50' })).data).toMatchObject({ usdt_balance: '0.00000000', rusd_balance: '75.00000000' });
  });

  it('refuses bad amounts as parameter errors, in both endpoints, moving nothing', async () => {
    const bad: unknown[] = [
      {},
      { amount: 10 },
      { amount: '' },
      { amount: '0' },
      { amount: '0.00000000' },
      { amount: '-1' },
      { amount: '1.000000001' },
      { amount: 'abc' },
      { amount: '1e3' },
      { amount: null },
      { amount: ['1'] },
    ];
    const before = await balance(alice, 'usdt');
    for (const payload of bad) {
      for (const res of [await calc(alice, payload), await charge(alice, payload)]) {
        expect([res.status, res.data.code], JSON.stringify(payload)).toEqual([400, 'PARAMETER_ERROR']);
      }
    }
    expect(await balance(alice, 'usdt')).toBe(before);
    expect((await charge(null, { amount: '1' })).http).toBe(401);
  });

  it('refuses an amount too small to buy any RUSD', async () => {
    const small = await createTestApp(kind, { RUSD_PER_USDT: '0.5' });
    try {
      const user = await small.signIn();
      await small.fund(user.uid, 'usdt', '1');
      const quote = await small.call({ method: 'POST', url: '/api/user/chargeCalculator', token: user.token, payload: { amount: '0.00000001' } });
      expect(quote.data.code).toBe('AMOUNT_TOO_SMALL');
      const res = await small.call({ method: 'POST', url: '/api/user/charge', token: user.token, payload: { amount: '0.00000001' } });
      expect(res.data.code).toBe('AMOUNT_TOO_SMALL');
      const ok = await small.call({ method: 'POST', url: '/api/user/charge', token: user.token, payload: { amount: '0.00000003' } });
      expect(ok.data).toMatchObject({ rusd: '0.00000001', usdt_balance: '0.99999997' });
    } finally {
      await small.close();
    }
  });

  it('replays a repeated Idempotency-Key (also concurrently) without converting twice', async () => {
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '10');
    const key = 'charge-key-00001';
    const results = await Promise.all(Array.from({ length: 5 }, () => charge(user, { amount: '4' }, key)));
    for (const r of results) expect(r.data).toEqual(results[0]!.data);
    expect(results[0]!.data).toMatchObject({ usdt_balance: '6.00000000', rusd_balance: '6.00000000' });
    // "4.0" is the same amount: still a replay.
    expect((await charge(user, { amount: '4.0' }, key)).data).toEqual(results[0]!.data);
    expect((await charge(user, { amount: '5' }, key)).data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await charge(user, { amount: '4' }, 'bad key!')).data.code).toBe('PARAMETER_ERROR');
    expect(await balance(user, 'usdt')).toBe('6.00000000');
    expect(await balance(user, 'rusd')).toBe('6.00000000');
    // A refusal is not stored: after funding, the same key runs afresh.
    const key2 = 'charge-key-00002';
    expect((await charge(user, { amount: '7' }, key2)).data.code).toBe('INSUFFICIENT_BALANCE');
    await t.fund(user.uid, 'usdt', '1');
    expect((await charge(user, { amount: '7' }, key2)).data).toMatchObject({ usdt_balance: '0.00000000' });
  });

  it('concurrent charges never overdraw the USDT balance', async () => {
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '30');
    const results = await Promise.all(Array.from({ length: 10 }, () => charge(user, { amount: '10' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['INSUFFICIENT_BALANCE']));
    expect(await balance(user, 'usdt')).toBe('0.00000000');
    expect(await balance(user, 'rusd')).toBe('45.00000000');
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });
});
