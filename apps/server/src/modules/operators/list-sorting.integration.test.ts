/**
 * Server-side sorting of the console's paged lists (decision 090): every allowed column both ways on each database,
 * rows of one value ordered by id in the same direction (so pages neither repeat nor skip a row), and a column that
 * is not allowed refused with PARAMETER_ERROR.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleApi, depositsApi, shopApi, toUnits, withdrawalsApi } from '@reef/contract';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '135790';
type Row = Record<string, unknown>;

/** A value's place in the order: numbers and amounts as bigint, times as epoch, text as itself. */
function key(value: unknown): bigint | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return BigInt(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return toUnits(value);
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) return BigInt(Date.parse(value));
  return String(value);
}

describe.each(databaseKinds)('sorting the console lists on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;

  withTestApp({ kind, env: { DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dead', RECHARGE_MIN_USDT: '10' } }, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '1000', mineral: '100' });
    bob = await t.signInPayer(PASSWORD, { usdt: '1000', mineral: '100' });
    const carol = await t.signIn();
    // Levels with a tie, so the id decides between Alice and Carol.
    await t.database.db.execute(sql`update users set level = case id when ${alice.uid} then 2 when ${bob.uid} then 1 when ${carol.uid} then 2 else 0 end`);
    for (const [user, amount] of [
      [alice, '300'],
      [bob, '200'],
      [alice, '500'],
      [bob, '200'],
    ] as const) {
      const res = await t.call({ method: 'POST', url: '/api/finance/extract', token: user.token, payload: { amount, password: PASSWORD } });
      expect(res.status, res.msg).toBe(200);
    }
    for (const [user, amount] of [
      [alice, '25.5'],
      [bob, '12'],
      [alice, '12'],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/finance/recharge',
        token: user.token,
        payload: { amount, voucher: `0x${randomBytes(32).toString('hex')}` },
      });
      expect(res.status, res.msg).toBe(200);
    }
    const goods = await t.call({
      method: 'POST',
      url: '/api/admin/shop/goods',
      token: t.admin.token,
      payload: { title: 'Reef sticker', price: '5', asset: 'mineral', stock: 20, kind: 'virtual' },
    });
    expect(goods.status, goods.msg).toBe(200);
    for (const [user, quantity] of [
      [alice, 2],
      [bob, 1],
      [alice, 3],
      [bob, 2],
    ] as const) {
      const res = await t.call({ method: 'POST', url: '/api/point/order', token: user.token, payload: { goods_id: goods.data.id, quantity } });
      expect(res.status, res.msg).toBe(200);
    }
    // Above 1 USDT an adjustment waits for a second administrator: three waiting requests of different amounts.
    await t.call({ method: 'POST', url: '/api/admin/settings/four-eyes', token: t.admin.token, payload: { above: '1' } });
    for (const [user, amount] of [
      [alice, '5'],
      [bob, '3'],
      [carol, '5'],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/api/admin/ledger/adjust',
        token: t.admin.token,
        payload: { uid: user.uid, asset: 'usdt', amount, memo: 'sort test' },
      });
      expect(res.data.status).toBe('pending');
    }
    // Several statuses, and a second actor in the audit log: Bob, made an operator, rejects a withdrawal and a recharge.
    const grant = await t.call({ method: 'POST', url: '/api/admin/roles/grant', token: t.admin.token, payload: { account: bob.account, role: 'operator' } });
    expect(grant.status, grant.msg).toBe(200);
    const first = async (url: string) => (await t.call({ method: 'GET', url, token: t.admin.token })).data.list.at(-1).id as number;
    const rejections = [
      `/api/admin/withdrawals/${await first('/api/admin/withdrawals')}/reject`,
      `/api/admin/deposits/${await first('/api/admin/deposits')}/reject`,
    ];
    for (const url of rejections) {
      const res = await t.call({ method: 'POST', url, token: bob.token, payload: { reason: 'sort test' } });
      expect(res.status, `${url}: ${res.msg}`).toBe(200);
    }
    const adjustment = await first('/api/admin/ledger/adjustments');
    expect((await t.call({ method: 'POST', url: `/api/admin/ledger/adjustments/${adjustment}/reject`, token: t.admin.token })).status).toBe(200);
    const order = await first('/api/admin/shop/orders');
    const paid = await t.call({ method: 'POST', url: `/api/point/pay/id/${order}`, token: alice.token, payload: { password: PASSWORD } });
    expect(paid.status, paid.msg).toBe(200);
  });

  const lists = [
    { url: '/api/admin/users', sorts: consoleApi.USER_SORTS, id: 'uid', field: (s: string) => s },
    { url: '/api/admin/withdrawals', sorts: withdrawalsApi.WITHDRAWAL_SORTS, id: 'id', field: (s: string) => s },
    { url: '/api/admin/deposits', sorts: depositsApi.DEPOSIT_SORTS, id: 'id', field: (s: string) => s },
    { url: '/api/admin/audit', sorts: consoleApi.AUDIT_SORTS, id: 'id', field: (s: string) => s },
    { url: '/api/admin/ledger/adjustments', sorts: consoleApi.ADJUSTMENT_SORTS, id: 'id', field: (s: string) => s },
    { url: '/api/admin/shop/orders', sorts: shopApi.ORDER_SORTS, id: 'id', field: (s: string) => s },
  ];

  const answer = async (url: string, query: string): Promise<{ list: Row[]; total?: number }> => {
    const res = await t.call({ method: 'GET', url: `${url}?${query}`, token: t.admin.token });
    expect(res.status, `${url}?${query}: ${res.msg}`).toBe(200);
    return res.data;
  };
  const read = async (url: string, query: string) => (await answer(url, query)).list;

  for (const list of lists)
    for (const sort of list.sorts)
      it(`${list.url} by ${sort}, both ways, ties by id, pages stable`, async () => {
        const { list: asc, total } = await answer(list.url, `sort=${sort}&order=asc&limit=100`);
        const desc = await read(list.url, `sort=${sort}&order=desc&limit=100`);
        expect(asc.length).toBeGreaterThanOrEqual(3);
        // (value, id) is unique, so the descending list is the ascending one reversed.
        expect(desc.map((r) => r[list.id])).toEqual([...asc].reverse().map((r) => r[list.id]));
        const values = asc.map((r) => key(r[list.field(sort)]));
        expect(new Set(values.map(String)).size, 'the column has several values here').toBeGreaterThan(1);
        for (let i = 1; i < asc.length; i++) {
          const [a, b] = [values[i - 1]!, values[i]!];
          if (typeof a === 'bigint' && typeof b === 'bigint') expect(a <= b, `${sort}: ${a} then ${b}`).toBe(true);
          // Text follows the database's collation: equal values are together and ordered by id.
          if (a === b) expect(Number(asc[i - 1]![list.id]) < Number(asc[i]![list.id])).toBe(true);
          else if (typeof a === 'string') expect(values.slice(i).includes(a), `${sort}: ${a} appears again after ${b}`).toBe(false);
        }
        // Pages of two in a row make the same list (the adjustment requests come on one page).
        if (total === undefined) return;
        const pages: Row[] = [];
        for (let page = 1; page <= Math.ceil(asc.length / 2); page++) pages.push(...(await read(list.url, `sort=${sort}&order=asc&limit=2&page=${page}`)));
        expect(pages.map((r) => r[list.id])).toEqual(asc.map((r) => r[list.id]));
      });

  it('users by level put the tie in id order; withdrawals by amount in exact figures', async () => {
    const users = await read('/api/admin/users', 'sort=level&order=desc');
    const top = users.slice(0, 2).map((u) => u.uid as number);
    expect(top).toEqual([...top].sort((a, b) => b - a));
    expect(users.slice(0, 3).map((u) => u.level)).toEqual([2, 2, 1]);
    const byAmount = await read('/api/admin/withdrawals', 'sort=amount&order=asc');
    expect(byAmount.map((w) => w.amount)).toEqual(['200.00000000', '200.00000000', '300.00000000', '500.00000000']);
    // Without a sort the lists keep their own order: newest first.
    const plain = await read('/api/admin/withdrawals', '');
    expect(plain.map((w) => w.id)).toEqual([...plain.map((w) => w.id as number)].sort((a, b) => b - a));
  });

  it('a column that is not allowed, or a bad order, is PARAMETER_ERROR', async () => {
    for (const query of ['sort=account', 'sort=id;drop table users', 'sort=uid&order=up', 'sort=password']) {
      const res = await t.call({ method: 'GET', url: `/api/admin/users?${query}`, token: t.admin.token });
      expect(res.data.code, query).toBe('PARAMETER_ERROR');
    }
    for (const url of ['/api/admin/withdrawals', '/api/admin/deposits', '/api/admin/audit', '/api/admin/ledger/adjustments', '/api/admin/shop/orders']) {
      const res = await t.call({ method: 'GET', url: `${url}?sort=secret`, token: t.admin.token });
      expect(res.data.code, url).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'GET', url: '/api/admin/users?sort=uid', token: alice.token })).http).toBe(403);
  });
});
