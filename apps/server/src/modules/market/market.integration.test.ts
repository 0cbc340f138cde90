import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toUnits } from '@reef/contract';
import { journalTotals } from '../ledger/ledger.service.js';
import { quoteSwap } from './pool-math.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

describe.each(databaseKinds)('lakes and flash exchange on %s', (kind) => {
  let t: TestApp, trader: SignedInUser;
  let lakeId: number;
  withTestApp({ kind, env: { COIN_TOTAL_ISSUANCE: '1000000' } }, async (app) => {
    t = app;
    trader = await t.signIn();
    await t.fund(trader.uid, 'usdt', '1000');
    await t.fund(trader.uid, 'coin', '1000');
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/lakes',
      token: t.admin.token,
      payload: { base: 'coin', quote: 'usdt', reserve_base: '10000', reserve_quote: '50000', fee_rate: '0.003', burn_share: '0.5', main: true },
    });
    expect(created.status).toBe(200);
    lakeId = created.data.id;
  });

  const quote = (from: string, to: string, amount: string, user = trader) =>
    t.call({ method: 'GET', url: `/api/finance/exchange/${from}/${to}?amount=${encodeURIComponent(amount)}`, token: user.token });
  const swap = (from: string, to: string, payload: Record<string, unknown>, user = trader, key?: string) =>
    t.call({
      method: 'POST',
      url: `/api/finance/exchange/${from}/${to}`,
      token: user.token,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;
  /**
   * Every account's postings chain (decision 068: a group writes the lake and burned accounts once, its postings
   * carry the running balance): each balance_after is the one before plus its amount, and the last is the
   * account's balance. Returns the accounts that break it.
   */
  const brokenChains = async () =>
    (
      (await t.database.db.execute(sql`
        select account_id from (
          select p.account_id, p.amount, p.balance_after, a.balance,
                 lag(p.balance_after) over (partition by p.account_id order by p.id) as before,
                 row_number() over (partition by p.account_id order by p.id desc) as from_last
            from postings p join ledger_accounts a on a.id = p.account_id) chain
         where (before is not null and before + amount <> balance_after) or (from_last = 1 and balance_after <> balance)`)) as unknown as {
        rows: { account_id: number }[];
      }
    ).rows;

  it('lists the lake with reserves, price and fee, and the home figures', async () => {
    const lakes = await t.call({ method: 'GET', url: '/api/lakes' });
    expect(lakes.data.list[0]).toMatchObject({
      id: lakeId,
      base: 'coin',
      quote: 'usdt',
      base_symbol: 'RSC',
      reserve_base: '10000.00000000',
      reserve_quote: '50000.00000000',
      price: '5.00000000',
      fee_rate: '0.00300000',
      open: true,
      main: true,
    });
    const index = await t.call({ method: 'GET', url: '/api/index' });
    expect(index.data.coin).toMatchObject({ symbol: 'RSC', price: '5.00000000', total_issuance: '1000000.00000000', burned: '0.00000000' });
  });

  it('quotes, swaps exactly the quote, burns the coin fee share, and moves the price', async () => {
    const q = await quote('coin', 'usdt', '100');
    expect(q.data).toMatchObject({
      amount_in: '100.00000000',
      amount_out: '493.57901719',
      fee: '0.30000000',
      burn: '0.15000000',
      price: '5.00000000',
      price_impact: '0.9871',
    });
    const res = await swap('coin', 'usdt', { amount: '100', min_out: q.data.min_received }, trader, 'swap-key-0001');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ amount_out: '493.57901719', balance_from: '900.00000000', balance_to: '1493.57901719' });
    expect(toUnits(res.data.price_after) < toUnits('5')).toBe(true);

    const replay = await swap('coin', 'usdt', { amount: '100', min_out: q.data.min_received }, trader, 'swap-key-0001');
    expect(replay.data).toEqual(res.data);
    expect(await balance(trader, 'coin')).toBe('900.00000000');

    const index = await t.call({ method: 'GET', url: '/api/index' });
    expect(index.data.coin).toMatchObject({ burned: '0.15000000', circulating: '999999.85000000', price: res.data.price_after });
    const lake = await t.call({ method: 'GET', url: `/api/lake/${lakeId}` });
    expect(lake.data.reserve_base).toBe('10099.85000000');
    expect(lake.data.swaps[0]).toMatchObject({ asset_in: 'coin', amount_in: '100.00000000', asset_out: 'usdt', amount_out: '493.57901719' });
    expect(lake.data.volume_24h_quote).toBe('493.57901719');

    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/all?limit=2', token: trader.token });
    expect(bills.data.list.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
      ['exchange_in', '493.57901719'],
      ['exchange_out', '-100.00000000'],
    ]);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('refuses a result below min_out, changing nothing', async () => {
    const before = await balance(trader, 'usdt');
    const q = await quote('usdt', 'coin', '10');
    const res = await swap('usdt', 'coin', { amount: '10', min_out: fromAbove(q.data.amount_out) });
    expect(res.data.code).toBe('SLIPPAGE_EXCEEDED');
    expect(await balance(trader, 'usdt')).toBe(before);
  });

  it('refuses bad amounts, unknown assets and pairs, and more than the balance', async () => {
    for (const amount of ['0', '-1', '1.000000001', 'abc', '']) {
      expect((await quote('coin', 'usdt', amount)).data.code, amount).toBe('PARAMETER_ERROR');
      expect((await swap('coin', 'usdt', { amount, min_out: '1' })).data.code, amount).toBe('PARAMETER_ERROR');
    }
    expect((await swap('coin', 'usdt', { amount: 1, min_out: '1' })).data.code).toBe('PARAMETER_ERROR');
    expect((await swap('coin', 'usdt', { amount: '1' })).data.code).toBe('PARAMETER_ERROR');
    expect((await quote('gold', 'usdt', '1')).data.code).toBe('PARAMETER_ERROR');
    expect((await quote('coin', 'fuel', '1')).data.code).toBe('PAIR_NOT_FOUND');
    expect((await quote('coin', 'coin', '1')).data.code).toBe('PAIR_NOT_FOUND');
    expect((await quote('usdt', 'coin', '0.00000001')).data.code).toBe('AMOUNT_TOO_SMALL');
    expect((await swap('usdt', 'coin', { amount: '1000000', min_out: '1' })).data.code).toBe('INSUFFICIENT_BALANCE');
    expect((await t.call({ method: 'GET', url: '/api/lake/999' })).data.code).toBe('NOT_FOUND');
    expect((await t.call({ method: 'GET', url: '/api/lake/abc' })).data.code).toBe('PARAMETER_ERROR');
  });

  it("says 'Exchange not yet open' when the operator closes the pair", async () => {
    const user = await t.signIn();
    expect((await t.call({ method: 'POST', url: `/api/admin/lakes/${lakeId}`, token: user.token, payload: { open: false } })).http).toBe(403);
    await t.call({ method: 'POST', url: `/api/admin/lakes/${lakeId}`, token: t.admin.token, payload: { open: false } });
    const res = await t.call({ method: 'GET', url: `/api/finance/exchange/coin/usdt?amount=1`, token: trader.token, headers: { 'accept-language': 'en-us' } });
    expect([res.data.code, res.msg]).toEqual(['EXCHANGE_CLOSED', 'Exchange not yet open']);
    await t.call({ method: 'POST', url: `/api/admin/lakes/${lakeId}`, token: t.admin.token, payload: { open: true } });
  });

  it('refuses a second lake for the same pair, either way round', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/lakes',
      token: t.admin.token,
      payload: { base: 'usdt', quote: 'coin', reserve_base: '1', reserve_quote: '1', fee_rate: '0', burn_share: '0' },
    });
    expect(res.data.code).toBe('LAKE_EXISTS');
  });

  it('serves price candles and single price records', async () => {
    const series = await t.call({ method: 'GET', url: '/api/prices?range=1d' });
    expect(series.data).toMatchObject({ lake_id: lakeId, range: '1d', bucket_seconds: 900 });
    expect(series.data.candles.length).toBeGreaterThan(0);
    const last = series.data.candles.at(-1);
    expect(toUnits(last.high) >= toUnits(last.low)).toBe(true);
    for (const range of ['1w', '1m', 'all']) expect((await t.call({ method: 'GET', url: `/api/prices?range=${range}` })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/prices?range=1y' })).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'GET', url: '/api/prices/1' })).data).toMatchObject({ id: 1, lake_id: lakeId, kind: 'sample', price: '5.00000000' });
    expect((await t.call({ method: 'GET', url: '/api/prices/99999' })).data.code).toBe('NOT_FOUND');
  });

  it('100 concurrent swaps both ways keep k non-decreasing, nothing negative, the books balanced', async () => {
    const traders = [await t.signIn(), await t.signIn(), await t.signIn(), await t.signIn()];
    for (const u of traders) {
      await t.fund(u.uid, 'usdt', '500');
      await t.fund(u.uid, 'coin', '100');
    }
    const reserves = async () => {
      const lake = await t.call({ method: 'GET', url: `/api/lake/${lakeId}` });
      return [toUnits(lake.data.reserve_base), toUnits(lake.data.reserve_quote)] as const;
    };
    const [b0, q0] = await reserves();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const u = traders[i % traders.length]!;
        return i % 2 === 0 ? swap('usdt', 'coin', { amount: '25', min_out: '0.00000001' }, u) : swap('coin', 'usdt', { amount: '4', min_out: '0.00000001' }, u);
      }),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.data.code).toBe('INSUFFICIENT_BALANCE');
    const [b1, q1] = await reserves();
    expect(b1 * q1 >= b0 * q0).toBe(true);
    expect(b1 > 0n && q1 > 0n).toBe(true);
    const negatives = await t.database.db.execute(sql`select count(*)::int as n from ledger_accounts where balance < 0 and not may_go_negative`);
    expect((negatives as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
    expect(await brokenChains()).toEqual([]);
  });

  it('50 users swapping at once on one lake: every swap priced against the reserves the previous one left', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => t.signIn()));
    for (const u of users) {
      await t.fund(u.uid, 'usdt', '100');
      await t.fund(u.uid, 'coin', '20');
    }
    const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: T[] };
    const lake = (await t.call({ method: 'GET', url: `/api/lake/${lakeId}` })).data;
    const [before] = (await rows<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from swaps`)).rows;
    const results = await Promise.all(
      users.flatMap((u, i) => [
        swap(i % 2 ? 'usdt' : 'coin', i % 2 ? 'coin' : 'usdt', { amount: i % 2 ? '10' : '2', min_out: '0.00000001' }, u),
        swap(i % 2 ? 'coin' : 'usdt', i % 2 ? 'usdt' : 'coin', { amount: i % 2 ? '1' : '5', min_out: '0.00000001' }, u),
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));

    // Replay every swap in commit order with pool-math: each one's output is what the reserves left by
    // the one before give, and the replay ends on the lake's actual reserves.
    let base = toUnits(lake.reserve_base);
    let quoteReserve = toUnits(lake.reserve_quote);
    const swaps = (
      await rows<{ asset_in: string; amount_in: string; amount_out: string; burn: string }>(
        sql`select asset_in, amount_in::text, amount_out::text, burn::text from swaps where id > ${before!.n} order by id`,
      )
    ).rows;
    expect(swaps).toHaveLength(100);
    for (const row of swaps) {
      const fromBase = row.asset_in === 'coin';
      const q = quoteSwap(
        toUnits(row.amount_in),
        fromBase ? { reserveIn: base, reserveOut: quoteReserve } : { reserveIn: quoteReserve, reserveOut: base },
        lake.fee_rate,
        fromBase ? lake.burn_share : '0',
      );
      expect([q.amountOut, q.burn]).toEqual([toUnits(row.amount_out), toUnits(row.burn)]);
      if (fromBase) [base, quoteReserve] = [base + q.poolIn, quoteReserve - q.amountOut];
      else [base, quoteReserve] = [base - q.amountOut, quoteReserve + q.poolIn];
    }
    const after = (await t.call({ method: 'GET', url: `/api/lake/${lakeId}` })).data;
    expect([toUnits(after.reserve_base), toUnits(after.reserve_quote)]).toEqual([base, quoteReserve]);
    expect(base * quoteReserve >= toUnits(lake.reserve_base) * toUnits(lake.reserve_quote)).toBe(true);

    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
    const [events] = (await rows<{ n: number }>(sql`select count(*)::int as n from business_events where type = 'swap.executed'`)).rows;
    const [allSwaps] = (await rows<{ n: number }>(sql`select count(*)::int as n from swaps`)).rows;
    expect(events!.n).toBe(allSwaps!.n);
    expect(await brokenChains()).toEqual([]);
  });
});

/** One unit above a decimal amount. */
function fromAbove(amount: string): string {
  const units = toUnits(amount) + 1n;
  return `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`;
}
