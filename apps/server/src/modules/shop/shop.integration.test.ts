/**
 * The points shop end to end through HTTP (decision 073): operator goods (audited, pictures must be uploads), the
 * address book, orders from placing to completion, the time-out sweep, the user store's counters, and the bad
 * input the issue names: someone else's order on every order route, paying twice, deleting a paid order, an address
 * that is not mine, and HTML in every user-written field kept as text.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { journalTotals } from '../ledger/ledger.service.js';
import { multipart, png } from '../uploads/upload-fixtures.js';
import { payOrder, shopTimes, sweepOrders } from './shop.service.js';

const PASSWORD = '135790';
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const SCRIPT = '<script>alert(1)</script><img src=x>';

describe.each(databaseKinds)('points shop on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp({ kind, dataDir: 'reef-shop-' }, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { mineral: '1000', game: '5' });
    bob = await t.signInPayer(PASSWORD, { mineral: '1000' });
  });

  const upload = async (user: SignedInUser) => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png(4) }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    return res.data as string;
  };
  const createGoods = async (payload: object) => {
    const res = await t.call({ method: 'POST', url: '/api/admin/shop/goods', token: t.admin.token, payload });
    expect(res.status).toBe(200);
    return res.data as { id: number; stock: number };
  };
  const physical = (over: object = {}) => ({ title: 'Reef mug', price: '50', asset: 'mineral', stock: 10, kind: 'physical', ...over });
  const newAddress = async (user: SignedInUser, over: object = {}) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/address',
      token: user.token,
      payload: { name: 'Ana', phone: '+55 11 91234-5678', region: 'São Paulo SP', detail: 'Rua A, 1', ...over },
    });
    expect(res.status).toBe(200);
    return res.data as { id: number; is_default: boolean };
  };
  const order = (user: SignedInUser, payload: object) => t.call({ method: 'POST', url: '/api/point/order', token: user.token, payload });
  const pay = (user: SignedInUser, id: number, password = PASSWORD, key?: string) =>
    t.call({
      method: 'POST',
      url: `/api/point/pay/id/${id}`,
      token: user.token,
      payload: { password },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const counters = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/index', token: user.token })).data.order_info;
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;

  it('operators create and edit goods with uploaded pictures, audited; users cannot', async () => {
    const image = await upload(t.admin);
    const goods = await createGoods(physical({ images: [image], description: 'A mug.\nBlue.', per_user_limit: 2 }));
    const edit = await t.call({ method: 'POST', url: `/api/admin/shop/goods/${goods.id}`, token: t.admin.token, payload: { stock: 12, price: '40' } });
    expect(edit.data).toMatchObject({ stock: 12, price: '40.00000000', images: [image], per_user_limit: 2 });
    const audits = rowsOf<{ user_id: number; payload: { action: string } }>(
      await t.database.db.execute(
        sql`select user_id, payload from business_events where type = 'shop.goods_changed' and payload->>'goods_id' = ${String(goods.id)} order by id`,
      ),
    );
    expect(audits.map((a) => [a.user_id, a.payload.action])).toEqual([
      [t.admin.uid, 'create'],
      [t.admin.uid, 'edit'],
    ]);
    const notUpload = await t.call({
      method: 'POST',
      url: '/api/admin/shop/goods',
      token: t.admin.token,
      payload: physical({ images: [`/uploads/${'0'.repeat(64)}.png`] }),
    });
    expect(notUpload.data.code).toBe('SHOP_IMAGE_INVALID');
    const byUser = await t.call({ method: 'POST', url: '/api/admin/shop/goods', token: alice.token, payload: physical() });
    expect(byUser.http).toBe(403);
    const list = await t.call({ method: 'GET', url: '/api/point/goods', token: alice.token });
    expect(list.data.list.some((g: { id: number }) => g.id === goods.id)).toBe(true);
  });

  it('the address book: first is default, a new default moves the flag, someone else’s is not found', async () => {
    const carol = await t.signIn();
    const first = await newAddress(carol);
    expect(first.is_default).toBe(true);
    const second = await newAddress(carol, { name: 'Beto', is_default: true });
    const book = (await t.call({ method: 'GET', url: '/api/address', token: carol.token })).data.list;
    expect(book.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    for (const req of [
      { method: 'POST' as const, url: `/api/address/${first.id}`, payload: { name: 'X', phone: '12345678', region: 'R', detail: 'D' } },
      { method: 'POST' as const, url: `/api/address/${first.id}/delete` },
    ]) {
      const res = await t.call({ ...req, token: bob.token });
      expect(res.data.code).toBe('NOT_FOUND');
    }
    expect((await t.call({ method: 'GET', url: '/api/address', token: carol.token })).data.list).toHaveLength(2);
    const removed = await t.call({ method: 'POST', url: `/api/address/${first.id}/delete`, token: carol.token });
    expect(removed.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/address', token: carol.token })).data.list).toHaveLength(1);
    const badPhone = await t.call({
      method: 'POST',
      url: '/api/address',
      token: carol.token,
      payload: { name: 'A', phone: 'call me', region: 'R', detail: 'D' },
    });
    expect(badPhone.data.code).toBe('PARAMETER_ERROR');
  });

  it('a physical order: placed, paid with the password, shipped, received; stock, ledger and counters follow', async () => {
    const goods = await createGoods(physical({ stock: 3 }));
    const address = await newAddress(alice, { name: SCRIPT, detail: SCRIPT });
    expect(await counters(alice)).toEqual({ complete_count: 0, received_count: 0, unshipped_count: 0, order_count: 0, unpaid_count: 0 });

    expect((await order(alice, { goods_id: goods.id, quantity: 1 })).data.code).toBe('SHOP_ADDRESS_REQUIRED');
    const placed = await order(alice, { goods_id: goods.id, quantity: 2, address_id: address.id });
    expect(placed.data).toMatchObject({ status: 'unpaid', amount: '100.00000000', asset: 'mineral', address: { name: SCRIPT, detail: SCRIPT } });
    const id = placed.data.id as number;
    expect((await t.call({ method: 'GET', url: `/api/point/goods/${goods.id}`, token: alice.token })).data).toMatchObject({ stock: 1, ordered: 2 });
    expect(await counters(alice)).toMatchObject({ unpaid_count: 1, order_count: 1 });

    expect((await pay(alice, id, '000000')).data.code).toBe('PAY_PASSWORD_WRONG');
    expect((await t.call({ method: 'GET', url: `/api/point/detail/id/${id}`, token: alice.token })).data.status).toBe('unpaid');
    const before = await balance(alice, 'mineral');
    const paid = await pay(alice, id, PASSWORD, 'shop-pay-key-0001');
    expect(paid.data.order).toMatchObject({ status: 'unshipped', fail_reason: null });
    expect(BigInt(before.replace('.', '')) - BigInt(paid.data.balance.replace('.', ''))).toBe(100n * 10n ** 8n);
    // The same key replays the answer; a second payment without it is refused; the money moved once.
    expect((await pay(alice, id, PASSWORD, 'shop-pay-key-0001')).data).toEqual(paid.data);
    expect((await pay(alice, id)).data.code).toBe('SHOP_ORDER_STATE');
    expect(await balance(alice, 'mineral')).toBe(paid.data.balance);
    expect((await t.call({ method: 'POST', url: `/api/point/delete/id/${id}`, token: alice.token })).data.code).toBe('SHOP_ORDER_STATE');
    expect(await counters(alice)).toMatchObject({ unpaid_count: 0, unshipped_count: 1, order_count: 1 });

    expect((await t.call({ method: 'POST', url: `/api/point/receive/id/${id}`, token: alice.token })).data.code).toBe('SHOP_ORDER_STATE');
    const ship = await t.call({
      method: 'POST',
      url: `/api/admin/shop/orders/${id}/ship`,
      token: t.admin.token,
      payload: { carrier: 'Correios', tracking_no: 'BR123456789' },
    });
    expect(ship.data).toMatchObject({ status: 'shipped', carrier: 'Correios', tracking_no: 'BR123456789' });
    expect(ship.data.auto_receive_at).not.toBeNull();
    expect(await counters(alice)).toMatchObject({ unshipped_count: 0, received_count: 1 });
    const received = await t.call({ method: 'POST', url: `/api/point/receive/id/${id}`, token: alice.token });
    expect(received.data).toMatchObject({ status: 'complete' });
    expect(await counters(alice)).toMatchObject({ received_count: 0, complete_count: 1, order_count: 1 });

    const events = rowsOf<{ type: string }>(
      await t.database.db.execute(sql`select type from business_events where type like 'shop.order%' and (payload->>'order_id') = ${String(id)} order by id`),
    );
    expect(events.map((e) => e.type)).toEqual(['shop.order_placed', 'shop.order_paid', 'shop.order_shipped', 'shop.order_received']);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('a payment the balance cannot cover fails with the reason; it can be paid again once funded, or deleted', async () => {
    const goods = await createGoods({ title: 'Game pass', price: '3', asset: 'game', stock: 5, kind: 'virtual' });
    const first = (await order(alice, { goods_id: goods.id, quantity: 2 })).data;
    const failed = await pay(alice, first.id);
    expect(failed.status).toBe(200);
    expect(failed.data).toEqual({ order: expect.objectContaining({ status: 'failed', fail_reason: 'INSUFFICIENT_BALANCE' }), balance: null });
    expect(await counters(alice)).toMatchObject({ unpaid_count: 1 });
    await t.fund(alice.uid, 'game', '1');
    const paid = await pay(alice, first.id);
    // Virtual goods are delivered with the payment.
    expect(paid.data.order).toMatchObject({ status: 'complete', fail_reason: null });
    expect(paid.data.order.received_at).not.toBeNull();

    const second = (await order(alice, { goods_id: goods.id, quantity: 3 })).data;
    expect((await pay(alice, second.id)).data.order.status).toBe('failed');
    expect((await t.call({ method: 'GET', url: `/api/point/goods/${goods.id}`, token: alice.token })).data.stock).toBe(0);
    expect((await t.call({ method: 'POST', url: `/api/point/delete/id/${second.id}`, token: alice.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/point/goods/${goods.id}`, token: alice.token })).data.stock).toBe(3);
    expect((await t.call({ method: 'GET', url: `/api/point/detail/id/${second.id}`, token: alice.token })).data.code).toBe('NOT_FOUND');
  });

  it('the per-user limit, off-sale goods and an address that is not mine are refused', async () => {
    const goods = await createGoods(physical({ per_user_limit: 1 }));
    const bobsAddress = await newAddress(bob);
    expect((await order(alice, { goods_id: goods.id, quantity: 1, address_id: bobsAddress.id })).data.code).toBe('NOT_FOUND');
    const mine = await newAddress(alice);
    expect((await order(alice, { goods_id: goods.id, quantity: 2, address_id: mine.id })).data.code).toBe('SHOP_LIMIT_REACHED');
    expect((await order(alice, { goods_id: goods.id, quantity: 1, address_id: mine.id })).status).toBe(200);
    expect((await order(alice, { goods_id: goods.id, quantity: 1, address_id: mine.id })).data.code).toBe('SHOP_LIMIT_REACHED');
    await t.call({ method: 'POST', url: `/api/admin/shop/goods/${goods.id}`, token: t.admin.token, payload: { status: 'off_sale' } });
    expect((await order(bob, { goods_id: goods.id, quantity: 1, address_id: bobsAddress.id })).data.code).toBe('SHOP_NOT_ON_SALE');
    expect(
      (await t.call({ method: 'GET', url: '/api/point/goods?limit=100', token: bob.token })).data.list.some((g: { id: number }) => g.id === goods.id),
    ).toBe(false);
  });

  it("someone else's order is not found on every order route, and nothing changes", async () => {
    const goods = await createGoods(physical());
    const address = await newAddress(alice);
    const mine = (await order(alice, { goods_id: goods.id, quantity: 1, address_id: address.id })).data;
    const routes = [
      { method: 'GET' as const, url: `/api/point/detail/id/${mine.id}` },
      { method: 'POST' as const, url: `/api/point/pay/id/${mine.id}`, payload: { password: PASSWORD } },
      { method: 'POST' as const, url: `/api/point/delete/id/${mine.id}` },
      { method: 'POST' as const, url: `/api/point/receive/id/${mine.id}` },
    ];
    for (const route of routes) {
      const res = await t.call({ ...route, token: bob.token });
      expect([route.url, res.data.code]).toEqual([route.url, 'NOT_FOUND']);
    }
    const bobsList = await t.call({ method: 'GET', url: '/api/point/myList?status=all', token: bob.token });
    expect(bobsList.data.list.some((o: { id: number }) => o.id === mine.id)).toBe(false);
    const still = await t.call({ method: 'GET', url: `/api/point/detail/id/${mine.id}`, token: alice.token });
    expect(still.data.status).toBe('unpaid');
    // Bob's password was never tried: no attempt counted against him.
    const state = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from business_events where user_id = ${bob.uid} and type = 'shop.order_paid'`),
    );
    expect(state[0]!.n).toBe(0);
  });

  it('my orders by state, paged', async () => {
    const dave = await t.signInPayer(PASSWORD, { coin: '10' });
    const goods = await createGoods({ title: 'Sticker', price: '1', asset: 'coin', stock: 10, kind: 'virtual' });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await order(dave, { goods_id: goods.id, quantity: 1 })).data.id as number);
    await pay(dave, ids[0]!);
    const unpaid = await t.call({ method: 'GET', url: '/api/point/myList?status=unpaid&limit=1&page=2', token: dave.token });
    expect(unpaid.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(unpaid.data.list.map((o: { id: number }) => o.id)).toEqual([ids[1]]);
    const complete = await t.call({ method: 'GET', url: '/api/point/myList?status=complete', token: dave.token });
    expect(complete.data.list.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    expect((await t.call({ method: 'GET', url: '/api/point/myList?status=lost', token: dave.token })).data.code).toBe('PARAMETER_ERROR');
  });

  it('unpaid orders past the time-out are cancelled by the sweep and give their stock back; shipped ones are received after the waiting days', async () => {
    const erin = await t.signInPayer(PASSWORD, { mineral: '500' });
    const goods = await createGoods(physical({ stock: 4 }));
    const address = await newAddress(erin);
    const unpaid = (await order(erin, { goods_id: goods.id, quantity: 2, address_id: address.id })).data;
    const shipped = (await order(erin, { goods_id: goods.id, quantity: 1, address_id: address.id })).data;
    await pay(erin, shipped.id);
    await t.call({
      method: 'POST',
      url: `/api/admin/shop/orders/${shipped.id}/ship`,
      token: t.admin.token,
      payload: { carrier: 'DHL', tracking_no: 'DHL-0001' },
    });
    expect((await t.call({ method: 'GET', url: `/api/point/goods/${goods.id}`, token: erin.token })).data.stock).toBe(1);

    const times = shopTimes(t.config);
    expect((await pay(erin, unpaid.id)).status).toBe(200);
    const other = (await order(erin, { goods_id: goods.id, quantity: 1, address_id: address.id })).data;
    // Past its time-out but before the sweep reached it, the order cannot be paid any more.
    const buyer = { id: erin.uid, account: erin.account, role: 'user' as const, roles: [], serviceAgent: false, frozen: false, tokenHash: '' };
    const overdue = new Date(Date.parse(other.expires_at) + 1000);
    await expect(payOrder(t.database.db, times, t.config.payPassword.pepper, buyer, other.id, PASSWORD, undefined, overdue)).rejects.toMatchObject({
      code: 'SHOP_ORDER_STATE',
    });
    await sweepOrders(t.database.db, times, overdue);
    expect((await t.call({ method: 'GET', url: `/api/point/detail/id/${other.id}`, token: erin.token })).data.status).toBe('cancelled');
    expect((await t.call({ method: 'GET', url: `/api/point/goods/${goods.id}`, token: erin.token })).data.stock).toBe(1);
    expect(await counters(erin)).toMatchObject({ unpaid_count: 0, unshipped_count: 1, received_count: 1 });

    const muchLater = new Date(Date.parse(shipped.created_at) + times.autoReceiveMs + 60_000);
    const swept = await sweepOrders(t.database.db, times, muchLater);
    expect(swept.received).toBe(1);
    expect((await t.call({ method: 'GET', url: `/api/point/detail/id/${shipped.id}`, token: erin.token })).data.status).toBe('complete');
    // Running it again changes nothing.
    expect(await sweepOrders(t.database.db, times, muchLater)).toEqual({ cancelled: 0, received: 0 });
  });
});
