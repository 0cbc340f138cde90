/**
 * The console's dashboard (issue 16, decision 090) after real actions: sign-ups, sign-ins, a transfer (yesterday
 * and today), a miner bought; figures exact, days in UTC, an ordinary user refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DAYS } from '@reef/contract';
import { setClockOffset } from '../../core/clock.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '135790';
const DAY = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(databaseKinds)('the console dashboard on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser;

  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: 'true' } }, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '1000' });
    bob = await t.signIn();
    carol = await t.signIn();
  });
  afterAll(() => setClockOffset(0));

  const board = async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/dashboard', token: t.admin.token });
    expect(res.status, res.msg).toBe(200);
    return res.data;
  };
  const transfer = (amount: string) =>
    t.call({ method: 'POST', url: '/api/finance/other/trade', token: alice.token, payload: { to: bob.account, amount, asset: 'usdt', password: PASSWORD } });

  it('counts sign-ups, active users and turnover per day, and everything owed per asset', async () => {
    // Alice and Bob signed in days ago; Carol signed up three days ago. Only what they do today counts as active.
    await t.database.db.execute(sql`update sessions set created_at = now() - interval '2 days' where user_id in (${alice.uid}, ${bob.uid})`);
    await t.database.db.execute(sql`update users set created_at = now() - interval '3 days' where id = ${carol.uid}`);
    setClockOffset(-DAY);
    expect((await transfer('7.5')).status).toBe(200);
    setClockOffset(0);
    expect((await transfer('10')).status).toBe(200);
    const product = await t.call({
      method: 'POST',
      url: '/api/admin/mining/products',
      token: t.admin.token,
      payload: { name: 'Reef miner', price: '100', price_asset: 'usdt', period_days: 30, multiple: '1.5', daily_output: '40', output_asset: 'coin' },
    });
    expect(product.status, product.msg).toBe(200);
    const miner = await t.call({
      method: 'POST',
      url: `/api/project/mining_machine/${product.data.id}`,
      token: alice.token,
      payload: { quantity: 1, asset: 'usdt' },
    });
    expect(miner.status, miner.msg).toBe(200);

    const data = await board();
    const now = Date.now();
    expect(data.users_total).toBe(4);
    expect(data.users_new_today).toBe(3);
    // The admin and Carol signed in today; Alice paid today; Bob did neither (his sign-in was two days ago).
    expect(data.users_active_today).toBe(3);
    expect(data.turnover_today).toEqual([{ asset: 'usdt', amount: '110.00000000' }]);

    expect(data.days).toHaveLength(DASHBOARD_DAYS);
    expect(data.days.at(-1)).toEqual({ day: utcDay(now), new_users: 3, turnover: [{ asset: 'usdt', amount: '110.00000000' }] });
    expect(data.days.at(-2)).toEqual({ day: utcDay(now - DAY), new_users: 0, turnover: [{ asset: 'usdt', amount: '7.50000000' }] });
    expect(data.days.at(-4)).toEqual({ day: utcDay(now - 3 * DAY), new_users: 1, turnover: [] });
    expect(data.days[0].day).toBe(utcDay(now - (DASHBOARD_DAYS - 1) * DAY));
    expect(data.days.reduce((n: number, d: { new_users: number }) => n + d.new_users, 0)).toBe(4);

    // Users hold 1000 - 100 (the miner) USDT; the miner owes 150 COIN: its first day (40) is growing, 110 to come.
    expect(data.liabilities).toContainEqual({ asset: 'usdt', amount: '900.00000000' });
    expect(data.owed).toContainEqual({
      asset: 'usdt',
      balances: '900.00000000',
      mining_future: '0.00000000',
      mining_uncollected: '0.00000000',
      pledge_principal: '0.00000000',
      pledge_interest: '0.00000000',
      total: '900.00000000',
    });
    expect(data.owed).toContainEqual({
      asset: 'coin',
      balances: '0.00000000',
      mining_future: '110.00000000',
      mining_uncollected: '40.00000000',
      pledge_principal: '0.00000000',
      pledge_interest: '0.00000000',
      total: '150.00000000',
    });
    const mining = await t.call({ method: 'GET', url: '/api/admin/mining/outstanding', token: t.admin.token });
    expect(mining.data.list).toContainEqual(expect.objectContaining({ asset: 'coin', future_output: '110.00000000', uncollected: '40.00000000' }));
  });

  it('an ordinary user and a caller without a token are refused', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/dashboard', token: alice.token })).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/dashboard' })).http).toBe(401);
  });
});
