import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, setClockOffset } from '../../core/clock.js';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { settleMining } from './mining.service.js';

const DAY = 86_400_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('mining machines (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true', TOKEN_TTL_HOURS: '2160' } }, async (app) => {
    t = app;
    [alice, bob] = [await t.signIn(), await t.signIn()];
    await t.fund(alice.uid, 'usdt', '10000');
    await t.fund(bob.uid, 'usdt', '10000');
  });
  afterAll(() => setClockOffset(0));

  // Each test starts on real time: a sign-in message is dated on the real clock, and the server checks it on the business clock.
  beforeEach(() => setClockOffset(0));
  const advance = (ms: number) => advanceClock(ms);
  const settle = () => settleMining(t.database.db);
  const createProduct = async (overrides: Record<string, unknown> = {}) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/mining/products',
      token: t.admin.token,
      payload: {
        name: 'Reef miner',
        price: '100',
        price_asset: 'usdt',
        period_days: 30,
        multiple: '1.5',
        daily_output: '40',
        output_asset: 'coin',
        ...overrides,
      },
    });
    expect(res.status, res.msg).toBe(200);
    return res.data as { id: number };
  };
  const buy = (user: SignedInUser, id: number, payload: Record<string, unknown> = { quantity: 1, asset: 'usdt' }, key?: string) =>
    t.call({ method: 'POST', url: `/api/project/mining_machine/${id}`, token: user.token, payload, headers: key ? { 'idempotency-key': key } : {} });
  const collect = (user: SignedInUser, id: number) => t.call({ method: 'POST', url: `/api/project/mining_machine/bubble/${id}`, token: user.token });
  const bubbles = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/project/mining_machine/bubble', token: user.token })).data.list;
  const balance = async (user: SignedInUser, asset: string) => {
    const res = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
    return (res.data.balances as { key: string; amount: string }[]).find((b) => b.key === asset)?.amount;
  };

  it('sells a miner for its price in one entry; day 1 grows a bubble that ripens a day later and is collected once', async () => {
    const product = await createProduct();
    const list = await t.call({ method: 'GET', url: '/api/project/mining_machine', token: alice.token });
    expect(list.data.list.find((p: { id: number }) => p.id === product.id)).toMatchObject({
      total_output: '150.00000000',
      daily_output: '40.00000000',
      bought: 0,
    });

    const bought = await buy(alice, product.id, { quantity: 2, asset: 'usdt' });
    expect(bought.status, bought.msg).toBe(200);
    expect(bought.data.balance).toBe('9800.00000000');
    expect(bought.data.miner).toMatchObject({
      quantity: 2,
      total_output: '300.00000000',
      daily_output: '80.00000000',
      produced: '0.00000000',
      state: 'mining',
      release_state: 'working',
    });
    expect(bought.data.miner.order_no).toMatch(/^M\d{24}$/);

    const [growing] = await bubbles(alice);
    expect(growing).toMatchObject({ miner_id: bought.data.miner.id, period: 1, amount: '80.00000000', state: 'growing' });
    expect((await collect(alice, growing.id)).data.code).toBe('BUBBLE_NOT_RIPE');
    expect((await collect(bob, growing.id)).data.code).toBe('NOT_FOUND');

    advance(DAY + 1000);
    await settle();
    // The list carries the business time, so the page counts down to ripe_at on the server's clock.
    const listed = await t.call({ method: 'GET', url: '/api/project/mining_machine/bubble', token: alice.token });
    expect(Date.parse(listed.data.now)).toBeGreaterThanOrEqual(Date.parse(growing.ripe_at));
    const now = await bubbles(alice);
    expect(now.map((b: { period: number; state: string }) => [b.period, b.state])).toEqual([
      [1, 'ripe'],
      [2, 'growing'],
    ]);
    const got = await collect(alice, growing.id);
    expect(got.status, got.msg).toBe(200);
    expect(got.data.bubble.state).toBe('collected');
    expect(await balance(alice, 'coin')).toBe('80.00000000');
    expect((await collect(alice, growing.id)).data.code).toBe('BUBBLE_COLLECTED');

    const mine = await t.call({ method: 'GET', url: '/api/project/mining_machine/my', token: alice.token });
    expect(mine.data).toMatchObject({ running: 1, total: 1, income: [{ asset: 'coin', today: '80.00000000', total: '80.00000000' }] });
    expect(mine.data.list[0]).toMatchObject({ produced: '80.00000000', remaining: '220.00000000', income: '80.00000000', today_income: '80.00000000' });

    const details = await t.call({ method: 'GET', url: `/api/project/mining_machine/my/${bought.data.miner.id}`, token: alice.token });
    expect(details.data.releases.map((b: { period: number }) => b.period)).toEqual([2, 1]);
    expect(details.data.purchase).toMatchObject({ order_no: bought.data.miner.order_no, amount: '200.00000000', quantity: 2, status: 'paid' });
    expect((await t.call({ method: 'GET', url: `/api/project/mining_machine/my/${bought.data.miner.id}`, token: bob.token })).data.code).toBe('NOT_FOUND');

    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/all', token: alice.token });
    expect(bills.data.list.slice(0, 2).map((l: { kind: string; memo: string }) => [l.kind, l.memo])).toEqual([
      ['mining_output', `miner ${bought.data.miner.order_no} day 1`],
      ['mining_purchase', `miner ${bought.data.miner.order_no}`],
    ]);
    const events = rowsOf<{ type: string }>(
      await t.database.db.execute(sql`select type from business_events where user_id = ${alice.uid} and type like 'mining.%' order by id`),
    );
    expect(events.map((e) => e.type)).toEqual(['mining.purchased', 'mining.bubble_collected']);
  });

  it('20 taps at once on one bubble credit it once', async () => {
    const product = await createProduct({ daily_output: '7' });
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '100');
    expect((await buy(user, product.id)).status).toBe(200);
    advance(DAY + 1000);
    await settle();
    const ripe = (await bubbles(user)).find((b: { state: string }) => b.state === 'ripe');
    const taps = await Promise.all(Array.from({ length: 20 }, () => collect(user, ripe.id)));
    expect(taps.filter((r) => r.status === 200)).toHaveLength(1);
    expect(taps.filter((r) => r.data?.code === 'BUBBLE_COLLECTED')).toHaveLength(19);
    expect(await balance(user, 'coin')).toBe('7.00000000');
  });

  it('ends a miner at price × multiple, keeps its bubbles for the expiry days, then lets them expire', async () => {
    const product = await createProduct({ period_days: 10, bubble_expiry_days: 5 });
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '100');
    const { data } = await buy(user, product.id);
    advance(5 * DAY);
    await settle();
    const details = await t.call({ method: 'GET', url: `/api/project/mining_machine/my/${data.miner.id}`, token: user.token });
    // 40 + 40 + 40 + 30 = 150 = 100 × 1.5: the fourth day holds only what was left, and no fifth day starts.
    expect(details.data.releases.map((b: { amount: string }) => b.amount)).toEqual(['30.00000000', '40.00000000', '40.00000000', '40.00000000']);
    expect(details.data.miner).toMatchObject({ state: 'ended', release_state: 'awaiting_release', produced: '150.00000000', remaining: '0.00000000' });
    const day1 = details.data.releases.at(-1);
    expect((await collect(user, day1.id)).status).toBe(200);
    advance(3 * DAY);
    const day4 = details.data.releases[0];
    expect((await collect(user, day4.id)).status).toBe(200);
    const day2 = details.data.releases[2];
    expect((await collect(user, day2.id)).data.code).toBe('BUBBLE_EXPIRED');
    const after = await t.call({ method: 'GET', url: `/api/project/mining_machine/my/${data.miner.id}`, token: user.token });
    expect(after.data.miner.release_state).toBe('released');
    expect(after.data.miner.income).toBe('70.00000000');
  });

  it("one at a time: a second miner of the product is 'still in use' until the first ends; the per-user limit holds", async () => {
    const single = await createProduct({ one_at_a_time: true, period_days: 2 });
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '1000');
    expect((await buy(user, single.id)).status).toBe(200);
    const refused = await buy(user, single.id);
    expect(refused.data.code).toBe('MINER_IN_USE');
    expect(refused.msg).toBe('礦機仍在使用中，請等待結束');
    advance(2 * DAY + 1000);
    await settle();
    expect((await buy(user, single.id)).status).toBe(200);

    const limited = await createProduct({ per_user_limit: 3 });
    expect((await buy(user, limited.id, { quantity: 2, asset: 'usdt' })).status).toBe(200);
    const over = await buy(user, limited.id, { quantity: 2, asset: 'usdt' });
    expect(over.data).toMatchObject({ code: 'MINING_LIMIT_REACHED', limit: 3 });
    expect((await buy(user, limited.id, { quantity: 1, asset: 'usdt' })).status).toBe(200);
    const concurrent = await createProduct({ per_user_limit: 1 });
    const racing = await Promise.all(Array.from({ length: 5 }, () => buy(user, concurrent.id)));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('refuses bad input and products not on sale, changing nothing', async () => {
    const product = await createProduct();
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '150');
    for (const payload of [
      { quantity: 0, asset: 'usdt' },
      { quantity: -1, asset: 'usdt' },
      { quantity: 1.5, asset: 'usdt' },
      { quantity: '1', asset: 'usdt' },
      { quantity: 1 },
      { quantity: 1, asset: 'usdt', extra: 1 },
      { quantity: 1001, asset: 'usdt' },
    ]) {
      expect((await buy(user, product.id, payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    expect((await buy(user, product.id, { quantity: 1, asset: 'coin' })).data.code).toBe('MINING_PAYMENT_ASSET');
    expect((await buy(user, 999_999)).data.code).toBe('NOT_FOUND');
    expect((await buy(user, product.id, { quantity: 2, asset: 'usdt' })).data.code).toBe('INSUFFICIENT_BALANCE');
    expect((await collect(user, 0)).data.code).toBe('PARAMETER_ERROR');
    expect((await collect(user, 987_654_321)).data.code).toBe('NOT_FOUND');
    const paused = await t.call({
      method: 'POST',
      url: `/api/admin/mining/products/${product.id}/status`,
      token: t.admin.token,
      payload: { status: 'paused' },
    });
    expect(paused.data.status).toBe('paused');
    expect((await buy(user, product.id)).data.code).toBe('MINING_NOT_ON_SALE');
    await t.call({ method: 'POST', url: `/api/admin/mining/products/${product.id}/status`, token: t.admin.token, payload: { status: 'closed' } });
    expect((await buy(user, product.id)).data.code).toBe('MINING_NOT_ON_SALE');
    expect(
      (await t.call({ method: 'GET', url: '/api/project/mining_machine', token: user.token })).data.list.some((p: { id: number }) => p.id === product.id),
    ).toBe(false);
    expect(await balance(user, 'usdt')).toBe('150.00000000');
    expect((await t.call({ method: 'GET', url: '/api/project/mining_machine/my', token: user.token })).data.total).toBe(0);
  });

  it('replays a purchase sent again with the same Idempotency-Key instead of buying twice', async () => {
    const product = await createProduct();
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '1000');
    const [a, b] = await Promise.all([buy(user, product.id, undefined, 'miner-key-0001'), buy(user, product.id, undefined, 'miner-key-0001')]);
    expect(a.data).toEqual(b.data);
    expect(await balance(user, 'usdt')).toBe('900.00000000');
    expect((await buy(user, product.id, { quantity: 2, asset: 'usdt' }, 'miner-key-0001')).data.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('operators create, edit, pause and close products, pause a miner and see what is owed; audited, admin only', async () => {
    const product = await createProduct({ name: 'Audited' });
    const edited = await t.call({
      method: 'POST',
      url: `/api/admin/mining/products/${product.id}`,
      token: t.admin.token,
      payload: { daily_output: '10', image: '/uploads/x.png' },
    });
    expect(edited.data).toMatchObject({ daily_output: '10.00000000', image: '/uploads/x.png' });
    expect((await t.call({ method: 'POST', url: `/api/admin/mining/products/${product.id}`, token: t.admin.token, payload: {} })).data.code).toBe(
      'PARAMETER_ERROR',
    );
    expect((await t.call({ method: 'POST', url: '/api/admin/mining/products', token: alice.token, payload: { name: 'x' } })).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/mining/outstanding', token: alice.token })).http).toBe(403);
    const audit = rowsOf<{ payload: { action: string; before: { daily_output: string } | null; after: { daily_output: string } } }>(
      await t.database.db.execute(
        sql`select payload from business_events where type = 'mining.product_changed' and payload->>'product_id' = ${String(product.id)} order by id`,
      ),
    );
    expect(audit.map((a) => [a.payload.action, a.payload.before?.daily_output ?? null, a.payload.after.daily_output])).toEqual([
      ['create', null, '40.00000000'],
      ['edit', '40.00000000', '10.00000000'],
    ]);

    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '100');
    const { data } = await buy(user, product.id);
    const paused = await t.call({ method: 'POST', url: `/api/admin/mining/miners/${data.miner.id}/pause`, token: t.admin.token, payload: { paused: true } });
    expect(paused.data.miner).toMatchObject({ state: 'paused', user_id: user.uid });
    advance(3 * DAY);
    await settle();
    // Paused for three days: still only day 1, which had started before the pause.
    expect((await bubbles(user)).map((b: { period: number }) => b.period)).toEqual([1]);
    await t.call({ method: 'POST', url: `/api/admin/mining/miners/${data.miner.id}/pause`, token: t.admin.token, payload: { paused: false } });
    advance(DAY + 1000);
    await settle();
    expect((await bubbles(user)).map((b: { period: number }) => b.period)).toEqual([1, 2]);
    const owed = await t.call({ method: 'GET', url: '/api/admin/mining/outstanding', token: t.admin.token });
    expect(owed.status).toBe(200);
    expect(owed.data.list.find((l: { asset: string }) => l.asset === 'coin').running_miners).toBeGreaterThan(0);
    expect((await t.call({ method: 'POST', url: `/api/admin/mining/miners/${data.miner.id}/pause`, token: user.token, payload: { paused: true } })).http).toBe(
      403,
    );
    await t.call({ method: 'POST', url: `/api/admin/mining/products/${product.id}/status`, token: t.admin.token, payload: { status: 'closed' } });
    expect(
      (await t.call({ method: 'POST', url: `/api/admin/mining/products/${product.id}/status`, token: t.admin.token, payload: { status: 'on_sale' } })).data
        .code,
    ).toBe('MINING_NOT_ON_SALE');
  });
});
