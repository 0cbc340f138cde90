/**
 * The reward engine's worked example (issue 13 part 2, decision 065), every figure computed by hand below.
 *
 * Purchases are made through the real mining API (a miner at 100 USDT a unit): the engine then reads the very
 * `mining.purchased` events production writes, and the purchase's performance is its USDT price (factor 1).
 * Levels are set on `users.level`, which the community consumer maintains in production.
 *
 * Settings (the migration's defaults): direct 0.05; indirect generation 2 at levels 1–3: 0.02, generation 3 at
 * levels 2–3: 0.01 (nothing else); performance L1 0.02, L2 0.04, L3 0.06; same-level 0.1; dividend pool 0.01 of
 * the day's turnover, weights L1 1, L2 2, L3 3, from level 1; caps far above what this example pays.
 *
 * The tree (13 users, 4 generations below R; level in brackets):
 *
 *   R [3]
 *   ├── A [2]
 *   │   ├── A1 [2]
 *   │   │   ├── A1a [1] ── X [0]
 *   │   │   └── A1b [0]
 *   │   └── A2 [0] ── A2a [0]
 *   └── B [1]
 *       ├── B1 [1] ── B1a [0] ── Y [0]
 *       └── B2 [0]
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rewardPostings } from '../../db/schema/index.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { setLevel, rewardFacts } from '../../test/rewards-kit.js';
import { runRewards, settleDividends } from './rewards.service.js';

const DAY = 86_400_000;

describe.each(databaseKinds)('reward engine worked example on %s', (kind) => {
  let t: TestApp;
  const u: Record<string, SignedInUser> = {};
  let productId: number;

  const buy = async (who: string, quantity: number) => {
    await t.fund(u[who]!.uid, 'usdt', String(100 * quantity));
    const res = await t.call({ method: 'POST', url: `/api/project/mining_machine/${productId}`, token: u[who]!.token, payload: { quantity, asset: 'usdt' } });
    expect(res.status).toBe(200);
  };

  withTestApp(kind, async (app) => {
    t = app;
    const tree: [string, string | null, number][] = [
      ['R', null, 3],
      ['A', 'R', 2],
      ['B', 'R', 1],
      ['A1', 'A', 2],
      ['A2', 'A', 0],
      ['B1', 'B', 1],
      ['B2', 'B', 0],
      ['A1a', 'A1', 1],
      ['A1b', 'A1', 0],
      ['A2a', 'A2', 0],
      ['B1a', 'B1', 0],
      ['X', 'A1a', 0],
      ['Y', 'B1a', 0],
    ];
    for (const [name, parent] of tree) u[name] = await t.signIn(undefined, parent ? u[parent]!.uid : undefined);
    // After the whole tree is bound: each binding recomputes the referrer's level from the community's level table
    // (decision 064), which here has only V0, so a level arranged before a child binds would be reset.
    for (const [name, , level] of tree) await setLevel(t.database.db, u[name]!.uid, level);
    const product = await t.call({
      method: 'POST',
      url: '/api/admin/mining/products',
      token: t.admin.token,
      payload: { name: 'Worked miner', price: '100', price_asset: 'usdt', period_days: 30, multiple: '1.5', daily_output: '5', output_asset: 'coin' },
    });
    productId = product.data.id;
    await buy('X', 10); // P1: 1000 USDT
    await buy('Y', 5); // P2: 500
    await buy('A2', 3); // P3: 300
    await buy('B2', 1); // P4: 100
    await runRewards(t.database.db);
  });

  /** Every reward the engine decided, as [beneficiary, kind, amount, rate, base, level, generation, source]. */
  async function decided() {
    const names = new Map(Object.entries(u).map(([name, user]) => [user.uid, name]));
    const rows = await t.database.db.select().from(rewardPostings).orderBy(rewardPostings.id);
    return rows.map((r) => [
      names.get(r.beneficiaryId),
      r.kind,
      r.amount,
      r.rate,
      r.base,
      r.level,
      r.generation,
      r.sourceId === null ? null : names.get(r.sourceId),
      r.cap,
    ]);
  }

  it('pays every purchase its direct, indirect, performance and same-level rewards, to the last decimal', async () => {
    expect(await decided()).toEqual([
      // P1: X buys 1000. Upline: A1a (depth 1, L1), A1 (2, L2), A (3, L2), R (4, L3).
      ['A1a', 'direct', '50.00000000', '0.05000000', '1000.00000000', 1, 1, null, null], // 1000 × 0.05 = 50
      ['A1', 'indirect', '20.00000000', '0.02000000', '1000.00000000', 2, 2, null, null], // generation 2, L2: 1000 × 0.02 = 20
      ['A', 'indirect', '10.00000000', '0.01000000', '1000.00000000', 2, 3, null, null], // generation 3, L2: 1000 × 0.01 = 10
      // R: generation 4 has no indirect rate → nothing.
      ['A1a', 'performance', '20.00000000', '0.02000000', '1000.00000000', 1, 1, null, null], // L1 0.02 − 0 paid below = 0.02 → 20
      ['A1', 'performance', '20.00000000', '0.02000000', '1000.00000000', 2, 2, null, null], // L2 0.04 − 0.02 = 0.02 → 20
      // A: L2 0.04 is not above the 0.04 paid below → no differential; A1 (L2) below earned 20 → same-level 20 × 0.1 = 2.
      ['A', 'same_level', '2.00000000', '0.10000000', '20.00000000', 2, 3, 'A1', null],
      ['R', 'performance', '20.00000000', '0.02000000', '1000.00000000', 3, 4, null, null], // L3 0.06 − 0.04 = 0.02 → 20
      // P2: Y buys 500. Upline: B1a (1, L0), B1 (2, L1), B (3, L1), R (4, L3).
      ['B1a', 'direct', '25.00000000', '0.05000000', '500.00000000', 0, 1, null, null], // 500 × 0.05 = 25
      ['B1', 'indirect', '10.00000000', '0.02000000', '500.00000000', 1, 2, null, null], // generation 2, L1: 500 × 0.02 = 10
      // B: generation 3 has no rate at L1; R: generation 4 none. B1a: L0 has no performance rate.
      ['B1', 'performance', '10.00000000', '0.02000000', '500.00000000', 1, 2, null, null], // L1 0.02 − 0 = 0.02 → 10
      ['B', 'same_level', '1.00000000', '0.10000000', '10.00000000', 1, 3, 'B1', null], // B (L1) above B1 (L1): 10 × 0.1 = 1
      ['R', 'performance', '20.00000000', '0.04000000', '500.00000000', 3, 4, null, null], // 0.06 − 0.02 = 0.04 → 500 × 0.04 = 20
      // P3: A2 buys 300. Upline: A (1, L2), R (2, L3).
      ['A', 'direct', '15.00000000', '0.05000000', '300.00000000', 2, 1, null, null], // 300 × 0.05 = 15
      ['R', 'indirect', '6.00000000', '0.02000000', '300.00000000', 3, 2, null, null], // generation 2, L3: 300 × 0.02 = 6
      ['A', 'performance', '12.00000000', '0.04000000', '300.00000000', 2, 1, null, null], // 0.04 − 0 → 300 × 0.04 = 12
      ['R', 'performance', '6.00000000', '0.02000000', '300.00000000', 3, 2, null, null], // 0.06 − 0.04 = 0.02 → 6
      // P4: B2 buys 100. Upline: B (1, L1), R (2, L3).
      ['B', 'direct', '5.00000000', '0.05000000', '100.00000000', 1, 1, null, null], // 100 × 0.05 = 5
      ['R', 'indirect', '2.00000000', '0.02000000', '100.00000000', 3, 2, null, null], // 100 × 0.02 = 2
      ['B', 'performance', '2.00000000', '0.02000000', '100.00000000', 1, 1, null, null], // 0.02 → 2
      ['R', 'performance', '4.00000000', '0.04000000', '100.00000000', 3, 2, null, null], // 0.06 − 0.02 = 0.04 → 4
    ]);
    // Paid in all: P1 142 + P2 66 + P3 39 + P4 13 = 260, from the rewards account, the books balanced.
    const facts = await rewardFacts(t.database.db);
    expect(facts.paidFromSystem).toBe(26_000_000_000n);
    expect(facts.unbalanced).toBe(0);
  });

  it("settles the day's weighted dividend once, after the day has closed", async () => {
    const db = t.database.db;
    // Not before the day is over.
    expect(await settleDividends(db)).toEqual([]);
    const tomorrow = new Date(Date.now() + DAY);
    const settled = await settleDividends(db, tomorrow);
    expect(settled).toHaveLength(1);
    expect(await settleDividends(db, tomorrow)).toEqual([]);
    const rows = await db.select().from(rewardPostings).where(eq(rewardPostings.kind, 'dividend')).orderBy(rewardPostings.beneficiaryId);
    const names = new Map(Object.entries(u).map(([name, user]) => [user.uid, name]));
    // Turnover 1000 + 500 + 300 + 100 = 1900; pool 1900 × 0.01 = 19. Qualified (level ≥ 1) with weights:
    // R 3, A 2, A1 2, B 1, B1 1, A1a 1 → total 10. Shares: 19 × 3/10 = 5.7, 19 × 2/10 = 3.8, 19 × 1/10 = 1.9.
    expect(rows.map((r) => [names.get(r.beneficiaryId), r.amount, r.weight, r.totalWeight, r.base, r.dividendDay === settled[0]])).toEqual([
      ['R', '5.70000000', '3.00000000', '10.00000000', '19.00000000', true],
      ['A', '3.80000000', '2.00000000', '10.00000000', '19.00000000', true],
      ['B', '1.90000000', '1.00000000', '10.00000000', '19.00000000', true],
      ['A1', '3.80000000', '2.00000000', '10.00000000', '19.00000000', true],
      ['B1', '1.90000000', '1.00000000', '10.00000000', '19.00000000', true],
      ['A1a', '1.90000000', '1.00000000', '10.00000000', '19.00000000', true],
    ]);
    // 260 + 19 = 279 paid in all.
    expect((await rewardFacts(db)).paidFromSystem).toBe(27_900_000_000n);
  });

  it('explains each income line on award_log: member, purchase, rate, level, generation', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/award_log/same_level', token: u.A!.token });
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(1);
    const [line] = res.data.list;
    expect(line.amount).toBe('2.00000000');
    expect(line.explanation).toMatchObject({
      member: { uid: u.X!.uid },
      source: { uid: u.A1!.uid },
      // X's miners cost 1000 USDT (what the buyer paid, in its asset); the same-level base is A1's reward.
      purchase: { kind: 'miner', ref_type: 'miner', paid: { asset: 'usdt', amount: '1000.00000000' } },
      base: '20.00000000',
      rate: '0.10000000',
      level: 2,
      generation: 3,
      computed: '2.00000000',
      cap: null,
    });
    const dividend = await t.call({ method: 'GET', url: '/api/user/award_log/dividend', token: u.R!.token });
    expect(dividend.data.list[0].explanation).toMatchObject({
      member: null,
      purchase: null,
      weight: '3.00000000',
      total_weight: '10.00000000',
      base: '19.00000000',
    });
    // R's direct page: R has no direct line (nobody bought directly under R).
    expect((await t.call({ method: 'GET', url: '/api/user/award_log/direct', token: u.R!.token })).data).toMatchObject({ list: [], total: 0 });
  });

  it("shows only the caller's own lines; an id that is not a reward kind is refused", async () => {
    // A's performance line (12) is A's; B's token never sees it.
    const mine = await t.call({ method: 'GET', url: '/api/user/award_log/performance', token: u.B!.token });
    expect(mine.data.list.map((l: { amount: string }) => l.amount).sort()).toEqual(['2.00000000']);
    const ids = await t.database.db
      .select({ id: rewardPostings.id })
      .from(rewardPostings)
      .where(and(eq(rewardPostings.beneficiaryId, u.A!.uid), eq(rewardPostings.kind, 'performance')));
    for (const id of [String(ids[0]!.id), 'all', '', 'direct%20', '-1']) {
      const res = await t.call({ method: 'GET', url: `/api/user/award_log/${id}`, token: u.B!.token });
      expect(res.status).not.toBe(200);
    }
    expect((await t.call({ method: 'GET', url: '/api/user/award_log/direct' })).http).toBe(401);
  });

  it('pays nothing twice: a second run and a cursor set back change nothing', async () => {
    const db = t.database.db;
    // Catches up with the events written since (the dividend's own), which are no purchases.
    await runRewards(db);
    const before = await rewardFacts(db);
    expect(await runRewards(db)).toBe(0);
    expect(await rewardFacts(db)).toEqual(before);
    // A lost cursor hands the purchases over again: the unique key refuses the batch, nothing is paid twice.
    await db.execute(sql`update event_consumers set last_id = 0 where name = 'rewards'`);
    await expect(runRewards(db)).rejects.toThrow();
    expect(await rewardFacts(db)).toEqual(before);
  });
});
