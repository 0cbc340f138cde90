/**
 * Decision 047: the swaps waiting for one lake commit in one transaction, each in its own subtransaction.
 * Swaps handed to the service in one event-loop turn are grouped deterministically (the first finds its lake
 * idle and goes alone; the rest wait and go together), so these tests know which swaps shared a commit. The
 * database handle is wrapped to count the transactions the writer opens.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toUnits } from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import type { Database } from '../../db/client.js';
import { journalTotals } from '../ledger/ledger.service.js';
import { swap, type SwapInput } from './market.service.js';
import { MAX_SWAPS_PER_COMMIT } from './swap-writer.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

describe.each(databaseKinds)('swaps waiting for one lake commit together on %s', (kind) => {
  let t: TestApp;
  let db: Database;
  let transactions = 0;
  let pool = '';
  withTestApp({ kind, env: { COIN_TOTAL_ISSUANCE: '1000000' } }, async (app) => {
    t = app;
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/lakes',
      token: t.admin.token,
      payload: { base: 'coin', quote: 'usdt', reserve_base: '10000', reserve_quote: '50000', fee_rate: '0.003', burn_share: '0.5', main: true },
    });
    expect(created.status).toBe(200);
    pool = `lake:${created.data.id}`;
    // The same database, its transactions counted: the writer is per database handle, so this one is the test's own.
    const real = t.database.db;
    db = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return (...args: Parameters<Database['transaction']>) => {
            transactions++;
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount as string;
  const buyCoin = (amount: string, minOut = '0.00000001'): SwapInput => ({ from: 'usdt', to: 'coin', amount, minOut });
  const codeOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'fulfilled' ? 'ok' : outcome.reason instanceof DomainError ? outcome.reason.code : String(outcome.reason);

  it('a refused swap in a group changes nothing and fails nothing else; the group is one commit', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => t.signIn()));
    for (const u of users) await t.fund(u.uid, 'usdt', '100');
    const before = {
      swaps: await count(sql`select count(*)::int as n from swaps`),
      events: await count(sql`select count(*)::int as n from business_events where type = 'swap.executed'`),
    };
    const poor = users[3]!;
    const greedy = users[6]!;
    transactions = 0;
    const outcomes = await Promise.allSettled(
      users.map((u) => swap(db, u.uid, u === poor ? buyCoin('500') : u === greedy ? buyCoin('10', '1000') : buyCoin('10'), undefined)),
    );
    // The first alone, the nine that waited for it in one transaction.
    expect(transactions).toBe(2);
    expect(outcomes.map(codeOf)).toEqual(users.map((u) => (u === poor ? 'INSUFFICIENT_BALANCE' : u === greedy ? 'SLIPPAGE_EXCEEDED' : 'ok')));
    // The refusal carries its details as a swap alone did (the output the greedy one would have got).
    const greedyRefusal = outcomes[users.indexOf(greedy)] as PromiseRejectedResult;
    expect((greedyRefusal.reason as DomainError).details).toEqual({ amount_out: expect.stringMatching(/^\d+\.\d{8}$/) });
    for (const u of [poor, greedy]) {
      expect(await balance(u, 'usdt')).toBe('100.00000000');
      expect(await balance(u, 'coin')).toBe('0.00000000');
      expect(await count(sql`select count(*)::int as n from swaps where user_id = ${u.uid}`)).toBe(0);
    }
    for (const u of users.filter((x) => x !== poor && x !== greedy)) expect(await balance(u, 'usdt')).toBe('90.00000000');
    expect(await count(sql`select count(*)::int as n from swaps`)).toBe(before.swaps + 8);
    expect(await count(sql`select count(*)::int as n from business_events where type = 'swap.executed'`)).toBe(before.events + 8);
    // Each swap is its own balanced entry, answered with the balances it left.
    expect(
      await count(
        sql`select count(distinct entry_id)::int as n from swaps where user_id in (${sql.join(
          users.map((u) => sql`${u.uid}`),
          sql`, `,
        )})`,
      ),
    ).toBe(8);
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
    const answered = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value);
    expect(answered.every((a) => a.balance_from === '90.00000000')).toBe(true);
  });

  it('a group writes the lake and burned accounts once; a refused swap that held them first leaves no trace', async () => {
    const sellCoin = (amount: string): SwapInput => ({ from: 'coin', to: 'usdt', amount, minOut: '0.00000001' });
    const [opener, poor, ...sellers] = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    for (const u of [opener!, ...sellers]) await t.fund(u.uid, 'coin', '10');
    const systemBalances = async () =>
      rows<{ key: string; balance: string }>(
        sql`select system_key || '/' || asset as key, balance::text from ledger_accounts where system_key in (${pool}, 'burned') order by 1`,
      );
    const before = new Map((await systemBalances()).map((r) => [r.key, r.balance]));
    transactions = 0;
    // The opener goes alone; in the next group the first swap (no coin to sell) is refused after it took the
    // lake and held its accounts, so the sellers behind it must lock and hold them again.
    const outcomes = await Promise.allSettled([opener!, poor!, ...sellers].map((u) => swap(db, u.uid, sellCoin('2'), undefined)));
    expect(transactions).toBe(2);
    expect(outcomes.map(codeOf)).toEqual(['ok', 'INSUFFICIENT_BALANCE', 'ok', 'ok', 'ok', 'ok']);
    expect(await balance(poor!, 'coin')).toBe('0.00000000');

    // Each account moved by exactly what its postings say, and its last posting's balance_after is its balance.
    const after = await systemBalances();
    const moved = await rows<{ key: string; total: string; last: string }>(sql`
      select a.system_key || '/' || a.asset as key, sum(p.amount)::text as total,
             (array_agg(p.balance_after order by p.id desc))[1]::text as last
        from postings p join ledger_accounts a on a.id = p.account_id
        join swaps s on s.entry_id = p.entry_id
       where a.system_key in (${pool}, 'burned') and s.user_id in (${sql.join(
         [opener!, ...sellers].map((u) => sql`${u.uid}`),
         sql`, `,
       )})
       group by 1 order by 1`);
    expect(moved.map((m) => m.key)).toEqual(['burned/coin', `${pool}/coin`, `${pool}/usdt`]);
    for (const m of moved) {
      const now = after.find((a) => a.key === m.key)!.balance;
      expect(m.last).toBe(now);
      expect(toUnits(now) - toUnits(before.get(m.key) ?? '0')).toBe(toUnits(m.total));
    }
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('keys in a group: a repeat replays the first answer, another body under the key is refused, a refused key runs again', async () => {
    const [opener, alice, bob] = await Promise.all([t.signIn(), t.signIn(), t.signIn()]);
    for (const u of [opener!, alice!]) await t.fund(u.uid, 'usdt', '100');
    const aliceKey = `alice-${kind}-${Date.now()}`;
    const bobKey = `bob-${kind}-${Date.now()}`;
    transactions = 0;
    const outcomes = await Promise.allSettled([
      swap(db, opener!.uid, buyCoin('1'), undefined),
      swap(db, alice!.uid, buyCoin('10'), aliceKey),
      swap(db, bob!.uid, buyCoin('10'), bobKey), // bob holds nothing yet
      swap(db, alice!.uid, buyCoin('10'), aliceKey), // the same request again: waits for the next group, replays
      swap(db, alice!.uid, buyCoin('20'), aliceKey), // another request under the same key
    ]);
    expect(outcomes.map(codeOf)).toEqual(['ok', 'ok', 'INSUFFICIENT_BALANCE', 'ok', 'IDEMPOTENCY_KEY_REUSED']);
    expect(transactions).toBe(4); // the opener; alice's first and bob's; alice's repeat; alice's other body
    const [, first, , repeat] = outcomes as PromiseFulfilledResult<unknown>[];
    expect(repeat!.value).toEqual(first!.value);
    expect(await balance(alice!, 'usdt')).toBe('90.00000000');
    expect(await count(sql`select count(*)::int as n from swaps where user_id = ${alice!.uid}`)).toBe(1);

    // Bob's refusal released his key with everything else: funded, the same key runs.
    expect(await count(sql`select count(*)::int as n from idempotency_keys where user_id = ${bob!.uid}`)).toBe(0);
    await t.fund(bob!.uid, 'usdt', '100');
    const retried = await swap(db, bob!.uid, buyCoin('10'), bobKey);
    expect(retried.balance_from).toBe('90.00000000');
    expect(await swap(db, bob!.uid, buyCoin('10'), bobKey)).toEqual(retried);
    expect(await count(sql`select count(*)::int as n from swaps where user_id = ${bob!.uid}`)).toBe(1);
  });

  // Only PostgreSQL: PGlite has one connection, so no other transaction can hold a lock there.
  if (kind === 'postgres')
    it('a swap chosen as a deadlock victim changes nothing and runs again in the next group', async () => {
      const [opener, seller, buyer] = [await t.signIn(), await t.signIn(), await t.signIn()];
      await t.fund(opener.uid, 'coin', '10');
      await t.fund(seller.uid, 'coin', '10');
      await t.fund(buyer.uid, 'usdt', '100');
      const sellCoin: SwapInput = { from: 'coin', to: 'usdt', amount: '1', minOut: '0.00000001' };
      await swap(db, opener.uid, sellCoin, undefined); // the burned coin account exists from here on
      const forUpdate = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], where: ReturnType<typeof sql>) =>
        tx.execute(sql`select 1 from ledger_accounts where ${where} for update`);

      // Another transaction holds the buyer's coin account; once the group below waits for it, it asks for the
      // burned account the group's coin sale holds: a cycle, which PostgreSQL breaks by failing the group's
      // statement that waited first (the buyer's swap).
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      let cycle!: () => void;
      const closeCycle = new Promise<void>((resolve) => (cycle = resolve));
      const other = t.database.db.transaction(async (tx) => {
        await forUpdate(tx, sql`user_id = ${buyer.uid} and asset = 'coin'`);
        holding();
        await closeCycle;
        await forUpdate(tx, sql`system_key = 'burned' and asset = 'coin'`);
      });
      await held;
      transactions = 0;
      const swaps = Promise.allSettled([
        swap(db, opener.uid, sellCoin, undefined),
        swap(db, seller.uid, sellCoin, undefined),
        swap(db, buyer.uid, buyCoin('10'), undefined),
      ]);
      const waiting = async () =>
        count(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%reef_market_swap_batch%'`,
        );
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      cycle();
      await other;
      expect((await swaps).map(codeOf)).toEqual(['ok', 'ok', 'ok']);
      expect(transactions).toBe(3); // the opener; the seller and the buyer; the buyer again
      expect(await count(sql`select count(*)::int as n from swaps where user_id = ${buyer.uid}`)).toBe(1);
      expect(await balance(buyer, 'usdt')).toBe('90.00000000');
      for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
    });

  it(`a group carries at most ${MAX_SWAPS_PER_COMMIT} swaps`, async () => {
    const buyer = await t.signIn();
    await t.fund(buyer.uid, 'usdt', '1000');
    const n = MAX_SWAPS_PER_COMMIT + 6;
    transactions = 0;
    const outcomes = await Promise.allSettled(Array.from({ length: n }, () => swap(db, buyer.uid, buyCoin('1'), undefined)));
    expect(outcomes.map(codeOf)).toEqual(outcomes.map(() => 'ok'));
    expect(transactions).toBe(3); // 1, then 64, then 5
    expect(await count(sql`select count(*)::int as n from swaps where user_id = ${buyer.uid}`)).toBe(n);
  });
});
