import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, nowMs, setClockOffset } from '../../core/clock.js';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { settlePledge } from './pledge.service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)('pledge (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true', TOKEN_TTL_HOURS: '2160' } }, async (app) => {
    t = app;
    [alice, bob] = [await t.signIn(), await t.signIn()];
    await t.fund(alice.uid, 'usdt', '100000');
    await t.fund(bob.uid, 'usdt', '100000');
  });
  beforeEach(() => setClockOffset(0));
  afterAll(() => setClockOffset(0));

  /** A product whose sale opens in an hour and lasts a day; interest from the day after; 3 days; released over 2 days. */
  const createProduct = async (overrides: Record<string, unknown> = {}) => {
    const now = nowMs();
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/pledge/products',
      token: t.admin.token,
      payload: {
        name: 'Reef pledge',
        product_type: 'fixed',
        asset: 'usdt',
        interest_asset: 'coin',
        cycle_days: 3,
        annual_rate: '0.365',
        min_lock: '100',
        max_per_user: '1000',
        total_cap: '1500',
        fee_rate: '0.01',
        sale_starts_at: new Date(now + HOUR).toISOString(),
        sale_ends_at: new Date(now + HOUR + DAY).toISOString(),
        dividend_at: new Date(now + HOUR + DAY).toISOString(),
        release_days: 2,
        ...overrides,
      },
    });
    expect(res.status, res.msg).toBe(200);
    return res.data as { id: number; unlock_at: string; dividend_at: string };
  };
  const lock = (user: SignedInUser, id: number, amount: unknown, key?: string) =>
    t.call({ method: 'POST', url: `/api/project/pledge/${id}`, token: user.token, payload: { amount }, headers: key ? { 'idempotency-key': key } : {} });
  const balance = async (user: SignedInUser, asset: string) => {
    const res = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
    return (res.data.balances as { key: string; amount: string }[]).find((b) => b.key === asset)?.amount;
  };
  const pledged = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.pledged;

  it('shows states with countdowns, quotes the fee, locks, pays daily interest and releases the principal linearly', async () => {
    const product = await createProduct();
    const answer = (await t.call({ method: 'GET', url: '/api/project/pledge', token: alice.token })).data;
    // The countdowns' clock: the answer carries the server's business time (moved with it, not the machine's).
    expect(Math.abs(Date.parse(answer.now) - nowMs())).toBeLessThan(5_000);
    const listed = answer.list.find((p: { id: number }) => p.id === product.id);
    expect(listed).toMatchObject({ state: 'not_started', starts_in: 3600, ends_in: 3600 + 86_400, locked_total: '0.00000000', holding: '0.00000000' });
    // The rate as it is paid: 1,000 locked × 0.365 ÷ 365 = 1 of the interest asset a day.
    expect(listed.daily_interest_per_thousand).toBe('1.00000000');
    expect((await lock(alice, product.id, '500')).data.code).toBe('PLEDGE_NOT_STARTED');

    advanceClock(HOUR);
    const quote = await t.call({ method: 'POST', url: `/api/project/pledge/${product.id}/preview`, token: alice.token, payload: { amount: '500' } });
    // Fee 1 %: 5; principal 495; a day at 36.5 % a year: 495 × 0.365 ÷ 365 = 0.495.
    expect(quote.data).toMatchObject({
      amount: '500.00000000',
      fee: '5.00000000',
      principal: '495.00000000',
      daily_interest: '0.49500000',
      total_interest: '1.48500000',
    });
    const locked = await lock(alice, product.id, '500');
    expect(locked.status, locked.msg).toBe(200);
    expect(locked.data.balance).toBe('99500.00000000');
    expect(locked.data.position).toMatchObject({ principal: '495.00000000', fee: '5.00000000', state: 'in_progress', interest: '0.00000000' });
    expect(await pledged(alice)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/project/pledge/${product.id}`, token: alice.token })).data).toMatchObject({
      state: 'in_progress',
      locked_total: '500.00000000',
      holding: '500.00000000',
    });

    // Sale ends, interest accrues: day 1..3, then the two release instalments.
    advanceClock(DAY + DAY + 1000);
    await settlePledge(t.database.db);
    expect(await balance(alice, 'coin')).toBe('0.49500000');
    advanceClock(2 * DAY);
    await settlePledge(t.database.db);
    expect(await balance(alice, 'coin')).toBe('1.48500000');
    expect(await balance(alice, 'usdt')).toBe('99500.00000000');
    const releasing = (await t.call({ method: 'GET', url: '/api/project/pledge/my', token: alice.token })).data.list[0];
    expect(releasing).toMatchObject({ state: 'releasing', interest_days_paid: 3, interest: '1.48500000', released: '0.00000000' });
    advanceClock(DAY);
    await settlePledge(t.database.db);
    expect(await balance(alice, 'usdt')).toBe('99747.50000000');
    advanceClock(DAY);
    await settlePledge(t.database.db);
    expect(await balance(alice, 'usdt')).toBe('99995.00000000');
    expect(await pledged(alice)).toBe(false);

    const details = await t.call({ method: 'GET', url: `/api/project/pledge/my/${locked.data.position.id}`, token: alice.token });
    expect(details.data.position).toMatchObject({ state: 'released', released: '495.00000000' });
    expect(details.data.payments.map((p: { kind: string; period: number; amount: string }) => [p.kind, p.period, p.amount])).toEqual([
      ['interest', 1, '0.49500000'],
      ['interest', 2, '0.49500000'],
      ['interest', 3, '0.49500000'],
      ['release', 1, '247.50000000'],
      ['release', 2, '247.50000000'],
    ]);
    expect(details.data.release_schedule.every((r: { paid: boolean }) => r.paid)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/project/pledge/my/${locked.data.position.id}`, token: bob.token })).data.code).toBe('NOT_FOUND');
    const memos = (await t.call({ method: 'GET', url: '/api/finance/bill/coin', token: alice.token })).data.list.map((l: { memo: string }) => l.memo);
    expect(memos).toEqual([
      `pledge ${product.id} day 3 rate 0.36500000`,
      `pledge ${product.id} day 2 rate 0.36500000`,
      `pledge ${product.id} day 1 rate 0.36500000`,
    ]);
    const events = rowsOf<{ type: string }>(
      await t.database.db.execute(sql`select type from business_events where user_id = ${alice.uid} and type like 'pledge.%' order by id`),
    );
    expect(events.map((e) => e.type)).toEqual(['pledge.locked', 'pledge.released', 'pledge.released']);
  });

  it('refuses a lock below the minimum, above the maximum, over the cap, out of the window, closed, or malformed; changing nothing', async () => {
    const product = await createProduct();
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '5000');
    const poor = await t.signIn();
    advanceClock(HOUR);
    expect((await lock(user, product.id, '99.99999999')).data).toMatchObject({ code: 'PLEDGE_BELOW_MINIMUM', min: '100.00000000' });
    expect((await lock(user, product.id, '1000.00000001')).data.code).toBe('PLEDGE_ABOVE_MAXIMUM');
    expect((await lock(user, product.id, '600')).status).toBe(200);
    expect((await lock(user, product.id, '500')).data.code).toBe('PLEDGE_ABOVE_MAXIMUM');
    expect((await lock(bob, product.id, '1000')).data).toMatchObject({ code: 'PLEDGE_CAP_REACHED', remaining: '900.00000000' });
    for (const amount of ['0', '-1', '1.123456789', 'abc', 100, '', '1e3']) {
      expect((await lock(user, product.id, amount)).data.code, String(amount)).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'POST', url: `/api/project/pledge/${product.id}/preview`, token: user.token, payload: { amount: '50' } })).data.code).toBe(
      'PLEDGE_BELOW_MINIMUM',
    );
    expect((await lock(user, 999_999, '100')).data.code).toBe('NOT_FOUND');
    expect((await lock(poor, product.id, '100')).data.code).toBe('INSUFFICIENT_BALANCE');
    expect(await pledged(poor)).toBe(false);
    await t.call({ method: 'POST', url: `/api/admin/pledge/products/${product.id}/status`, token: t.admin.token, payload: { status: 'paused' } });
    expect((await lock(user, product.id, '100')).data.code).toBe('PLEDGE_CLOSED');
    await t.call({ method: 'POST', url: `/api/admin/pledge/products/${product.id}/status`, token: t.admin.token, payload: { status: 'active' } });
    advanceClock(DAY);
    expect((await lock(user, product.id, '100')).data.code).toBe('PLEDGE_SALE_ENDED');
    expect(await balance(user, 'usdt')).toBe('4400.00000000');
    const closed = await createProduct();
    await t.call({ method: 'POST', url: `/api/admin/pledge/products/${closed.id}/status`, token: t.admin.token, payload: { status: 'closed' } });
    expect((await lock(user, closed.id, '100')).data.code).toBe('PLEDGE_CLOSED');
    expect((await t.call({ method: 'GET', url: `/api/project/pledge/${closed.id}`, token: user.token })).data.code).toBe('NOT_FOUND');
  });

  it('keeps the cap under concurrent locks and replays a repeated Idempotency-Key', async () => {
    const product = await createProduct({ total_cap: '1000', max_per_user: '1000' });
    const users = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    for (const user of users) await t.fund(user.uid, 'usdt', '1000');
    advanceClock(HOUR);
    const results = await Promise.all(users.map((user) => lock(user, product.id, '300')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.data?.code === 'PLEDGE_CAP_REACHED')).toHaveLength(3);
    const again = await createProduct();
    advanceClock(HOUR);
    const [a, b] = await Promise.all([lock(alice, again.id, '100', 'pledge-key-01'), lock(alice, again.id, '100', 'pledge-key-01')]);
    expect(a.status, a.msg).toBe(200);
    expect(a.data).toEqual(b.data);
    expect((await t.call({ method: 'GET', url: `/api/project/pledge/${again.id}`, token: alice.token })).data.holding).toBe('100.00000000');
  });

  it('operators create, edit, pause and close products, see what is owed; audited and admin only', async () => {
    const product = await createProduct();
    const edited = await t.call({
      method: 'POST',
      url: `/api/admin/pledge/products/${product.id}`,
      token: t.admin.token,
      payload: { annual_rate: '0.2', cycle_days: 5 },
    });
    // 1,000 × 0.2 ÷ 365 = 0.547945205…, cut to 8 places as a lock's daily interest is.
    expect(edited.data).toMatchObject({ annual_rate: '0.20000000', cycle_days: 5, daily_interest_per_thousand: '0.54794520' });
    expect(Date.parse(edited.data.unlock_at) - Date.parse(edited.data.dividend_at)).toBe(5 * DAY);
    const bad = await t.call({ method: 'POST', url: `/api/admin/pledge/products/${product.id}`, token: t.admin.token, payload: { min_lock: '5000' } });
    expect(bad.data.code).toBe('PRODUCT_TERMS_INVALID');
    expect((await t.call({ method: 'POST', url: '/api/admin/pledge/products', token: alice.token, payload: {} })).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/pledge/outstanding', token: alice.token })).http).toBe(403);
    const audit = rowsOf<{ payload: { action: string; before: { annual_rate: string } | null; after: { annual_rate: string } } }>(
      await t.database.db.execute(
        sql`select payload from business_events where type = 'pledge.product_changed' and payload->>'product_id' = ${String(product.id)} order by id`,
      ),
    );
    expect(audit.map((a) => [a.payload.action, a.payload.before?.annual_rate ?? null, a.payload.after.annual_rate])).toEqual([
      ['create', null, '0.36500000'],
      ['edit', '0.36500000', '0.20000000'],
    ]);
    advanceClock(HOUR);
    expect((await lock(bob, product.id, '365')).status).toBe(200);
    const owed = await t.call({ method: 'GET', url: '/api/admin/pledge/outstanding', token: t.admin.token });
    expect(owed.data.positions).toBeGreaterThan(0);
    expect(owed.data.principal.find((p: { asset: string }) => p.asset === 'usdt')).toBeDefined();
  });
});
