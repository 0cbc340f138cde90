/**
 * The operator's reward settings (decision 065): admin routes (audited, refused to users, bad input changes
 * nothing), caps that hold, and a rate change that applies only to purchases after it.
 */
import { eq, sql } from 'drizzle-orm';
import { applyRate, toUnits } from '@reef/contract';
import { describe, expect, it } from 'vitest';
import { businessEvents, rewardPostings, rewardRules } from '../../db/schema/index.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { buyMiners, createMember, createTestMiner, rewardFacts, setLevel } from '../../test/rewards-kit.js';
import { runRewards } from './rewards.service.js';

describe.each(databaseKinds)('reward settings on %s', (kind) => {
  let t: TestApp, user: SignedInUser;
  let productId: number;

  withTestApp(kind, async (app) => {
    t = app;
    user = await t.signIn();
    productId = await createTestMiner(t.database.db);
  });

  const setRule = (payload: Record<string, unknown>, token = t.admin.token) => t.call({ method: 'POST', url: '/api/admin/rewards/rules', token, payload });
  const ruleCount = async () => (await t.database.db.select({ id: rewardRules.id }).from(rewardRules)).length;

  it('lists the settings in force and refuses users', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/rewards/rules', token: t.admin.token });
    expect(res.status).toBe(200);
    expect(res.data.in_force).toContainEqual(expect.objectContaining({ rule: 'direct', generation: 0, level: 0, value: '0.05000000' }));
    expect(res.data.in_force).toContainEqual(expect.objectContaining({ rule: 'performance', level: 3, value: '0.06000000' }));
    expect((await t.call({ method: 'GET', url: '/api/admin/rewards/rules', token: user.token })).http).toBe(403);
    const before = await ruleCount();
    expect((await setRule({ rule: 'direct', value: '0.9' }, user.token)).http).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/admin/rewards/rules', payload: { rule: 'direct', value: '0.9' } })).http).toBe(401);
    expect(await ruleCount()).toBe(before);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await ruleCount();
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const payload of [
      {}, // missing everything
      { rule: 'direct' }, // missing value
      { value: '0.1' }, // missing rule
      { rule: 'bonus', value: '0.1' }, // unknown rule
      { rule: 'direct', value: 0.1 }, // a number, not a decimal string
      { rule: 'direct', value: '-0.1' }, // negative
      { rule: 'direct', value: '0.123456789' }, // over-precise
      { rule: 'direct', value: '1'.repeat(30) }, // too long
      { rule: 'direct', value: '1.5' }, // a rate above 1
      { rule: 'direct', value: '0.1', generation: 2 }, // direct has no generation
      { rule: 'indirect', value: '0.1', generation: 1, level: 1 }, // indirect starts at generation 2
      { rule: 'direct', value: '0.1', level: 2 }, // direct has no level
      { rule: 'performance', value: '0.1', level: -1 }, // negative level
      { rule: 'performance', value: '0.1', level: 1.5 }, // fractional level
      { rule: 'dividend_min_level', value: '1.5' }, // a level is whole
      { rule: 'direct', value: '0.1', effective_from: past }, // never in the past
      { rule: 'direct', value: '0.1', effective_from: 'tomorrow' }, // not a time
      { rule: 'cap_share_direct', value: '0.9' }, // with the other shares (0.19) more than the whole turnover
      { rule: 'direct', value: '0.1', extra: true }, // an unknown field
    ]) {
      const res = await setRule(payload);
      expect(res.status, JSON.stringify(payload)).not.toBe(200);
    }
    expect(await ruleCount()).toBe(before);
  });

  it('records each change as an audited event with the value before it', async () => {
    const res = await setRule({ rule: 'indirect', generation: 4, level: 3, value: '0.005' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ rule: 'indirect', generation: 4, level: 3, value: '0.00500000', created_by: t.admin.uid });
    const [event] = await t.database.db.select().from(businessEvents).where(eq(businessEvents.type, 'rewards.rule_set'));
    expect(event!.userId).toBe(t.admin.uid);
    expect(event!.payload).toMatchObject({ rule_id: res.data.id, rule: 'indirect', generation: 4, level: 3, value: '0.00500000', before: null });
    // Back to nothing for the tests below.
    expect((await setRule({ rule: 'indirect', generation: 4, level: 3, value: '0' })).status).toBe(200);
  });

  it('applies a rate change only to purchases after it, even when the engine gets to both later', async () => {
    const db = t.database.db;
    await runRewards(db);
    const parent = await createMember(db, null);
    const buyer = await createMember(db, parent);
    await buyMiners(db, buyer, productId, 1); // before the change: 100 × 0.05 = 5
    expect((await setRule({ rule: 'direct', value: '0.08' })).status).toBe(200);
    await buyMiners(db, buyer, productId, 1); // after it: 100 × 0.08 = 8
    await runRewards(db);
    const rows = await db.select().from(rewardPostings).where(eq(rewardPostings.beneficiaryId, parent)).orderBy(rewardPostings.id);
    expect(rows.map((r) => [r.kind, r.rate, r.amount])).toEqual([
      ['direct', '0.05000000', '5.00000000'],
      ['direct', '0.08000000', '8.00000000'],
    ]);
    // A change scheduled for later does not touch purchases before its time.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await setRule({ rule: 'direct', value: '0.01', effective_from: later })).status).toBe(200);
    await buyMiners(db, buyer, productId, 1); // still 0.08 → 8
    await runRewards(db);
    const last = await db.select().from(rewardPostings).where(eq(rewardPostings.beneficiaryId, parent)).orderBy(rewardPostings.id);
    expect(last.at(-1)).toMatchObject({ rate: '0.08000000', amount: '8.00000000' });
  });

  it('holds the caps: per user and day, and per kind as a share of the day turnover', async () => {
    const db = t.database.db;
    await runRewards(db);
    const paidBefore = (await rewardFacts(db)).paidFromSystem;
    // The caps below bind from now; level 1 upline so performance pays too.
    expect((await setRule({ rule: 'cap_user_day', value: '30' })).status).toBe(200);
    const parent = await createMember(db, null);
    const buyer = await createMember(db, parent);
    await setLevel(db, parent, 1);
    await buyMiners(db, buyer, productId, 10); // 1000: direct 1000 × 0.08 = 80 → cut to 30 (user cap); performance 20 → 0 (cap spent)
    await runRewards(db);
    const rows = await db.select().from(rewardPostings).where(eq(rewardPostings.beneficiaryId, parent)).orderBy(rewardPostings.id);
    expect(rows.map((r) => [r.kind, r.computed, r.amount, r.cap])).toEqual([
      ['direct', '80.00000000', '30.00000000', 'user_day'],
      ['performance', '20.00000000', '0.00000000', 'user_day'],
    ]);
    // Only what was paid moved: 30.
    expect((await rewardFacts(db)).paidFromSystem - paidBefore).toBe(3_000_000_000n);

    // Kind share: direct may take 1% of today's turnover at most.
    expect((await setRule({ rule: 'cap_user_day', value: '1000' })).status).toBe(200);
    expect((await setRule({ rule: 'cap_share_direct', value: '0.01' })).status).toBe(200);
    const today = await db.execute(sql`
      select coalesce(sum(amount) filter (where item = 'turnover'), 0)::text as turnover, coalesce(sum(amount) filter (where item = 'direct'), 0)::text as direct
        from reward_day_totals where day = (now() at time zone 'utc')::date`);
    const before = (today as unknown as { rows: { turnover: string; direct: string }[] }).rows[0]!;
    const other = await createMember(db, null);
    const otherBuyer = await createMember(db, other);
    await buyMiners(db, otherBuyer, productId, 1);
    await runRewards(db);
    const [cut] = await db.select().from(rewardPostings).where(eq(rewardPostings.beneficiaryId, other));
    // Left for direct today: (turnover before + 100) × 0.01 − direct already paid today (more than that: nothing left).
    expect(applyRate(toUnits(before.turnover) + toUnits('100'), '0.01') - toUnits(before.direct)).toBeLessThan(0n);
    expect(cut).toMatchObject({ kind: 'direct', computed: '8.00000000', amount: '0.00000000', cap: 'kind_share' });
    expect((await rewardFacts(db)).unbalanced).toBe(0);
  });
});
