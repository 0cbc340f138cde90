/**
 * The oversell race (issue 15): 300 orders at once for goods with 100 in stock, each paid as soon as it is placed →
 * exactly 100 paid, the rest refused SHOP_OUT_OF_STOCK, the stock at zero and never below. Then orders nobody pays
 * give their stock back at the time-out, and the journal sums to zero. PGlite runs one transaction at a time, so the
 * PostgreSQL run is the one that proves the row lock and the conditional update hold under real concurrency.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { journalTotals } from '../ledger/ledger.service.js';
import { shopTimes, sweepOrders } from './shop.service.js';

const PASSWORD = '246801';
const USERS = 60;
const ORDERS_EACH = 5;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('concurrent shop orders on %s', (kind) => {
  let t: TestApp, buyers: SignedInUser[];
  withTestApp(kind, async (app) => {
    t = app;
    buyers = [];
    for (let i = 0; i < USERS; i++) buyers.push(await t.signInPayer(PASSWORD, { mineral: '1000' }));
  });

  const createGoods = async (stock: number) =>
    (
      await t.call({
        method: 'POST',
        url: '/api/admin/shop/goods',
        token: t.admin.token,
        payload: { title: 'Hoodie', price: '10', asset: 'mineral', stock, kind: 'virtual' },
      })
    ).data as { id: number };
  const stockOf = async (id: number) => (await t.call({ method: 'GET', url: `/api/point/goods/${id}`, token: buyers[0]!.token })).data.stock as number;

  it('300 orders for 100 in stock, each paid at once: exactly 100 paid, the rest refused, stock 0', async () => {
    const goods = await createGoods(100);
    const outcomes = await Promise.all(
      Array.from({ length: USERS * ORDERS_EACH }, async (_, i) => {
        const buyer = buyers[i % USERS]!;
        const placed = await t.call({ method: 'POST', url: '/api/point/order', token: buyer.token, payload: { goods_id: goods.id, quantity: 1 } });
        if (placed.status !== 200) return placed.data.code as string;
        const paid = await t.call({ method: 'POST', url: `/api/point/pay/id/${placed.data.id}`, token: buyer.token, payload: { password: PASSWORD } });
        return paid.status === 200 ? (paid.data.order.status as string) : (paid.data.code as string);
      }),
    );
    const tally = outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});
    expect(tally).toEqual({ complete: 100, SHOP_OUT_OF_STOCK: 200 });
    expect(await stockOf(goods.id)).toBe(0);
    const paid = rowsOf<{ n: number; units: string }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as units from shop_orders where goods_id = ${goods.id} and paid_at is not null`,
      ),
    );
    expect(paid[0]).toEqual({ n: 100, units: '1000.00000000' });
    const sales = rowsOf<{ balance: string }>(
      await t.database.db.execute(sql`select balance::text from ledger_accounts where system_key = 'shop_sales' and asset = 'mineral'`),
    );
    expect(sales[0]!.balance).toBe('1000.00000000');
  });

  it('300 orders nobody pays: 100 taken, all given back at the time-out; the journal sums to zero', async () => {
    const goods = await createGoods(100);
    const placed = await Promise.all(
      Array.from({ length: USERS * ORDERS_EACH }, (_, i) =>
        t.call({ method: 'POST', url: '/api/point/order', token: buyers[i % USERS]!.token, payload: { goods_id: goods.id, quantity: 1 } }),
      ),
    );
    const ok = placed.filter((r) => r.status === 200);
    expect(ok).toHaveLength(100);
    expect(await stockOf(goods.id)).toBe(0);
    const expires = Math.max(...ok.map((r) => Date.parse(r.data.expires_at)));
    // Before the time-out nothing is released; after it every order is.
    expect((await sweepOrders(t.database.db, shopTimes(t.config), new Date(expires - 60_000))).cancelled).toBe(0);
    expect((await sweepOrders(t.database.db, shopTimes(t.config), new Date(expires + 1), 30)).cancelled).toBe(100);
    expect(await stockOf(goods.id)).toBe(100);
    const open = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from shop_orders where goods_id = ${goods.id} and status <> 'cancelled'`),
    );
    expect(open[0]!.n).toBe(0);
    const totals = await journalTotals(t.database.db);
    expect(totals.size).toBeGreaterThan(0);
    for (const [, total] of totals) expect(total).toBe(0n);
  });
});
