/**
 * The engine reads only the upline members a setting can pay (decision 125): the referrer, the generations an
 * indirect rate exists for (3 by default) and the members at a level with a performance rate (1–3). A chain eleven
 * deep puts level-0 members between the earners, far past generation 3, so the read leaves them out; the rewards
 * must be exactly those of the whole walk, computed by hand below (default settings, as in the worked example).
 *
 * Upline of the buyer, nearest first (depth: level): 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 2, 7: 0, 8: 0, 9: 2, 10: 0, 11: 3.
 * - direct to depth 1: 0.05 × 100 = 5;
 * - indirect: depths 2 and 3 are level 0, for which no indirect rate exists: nothing;
 * - performance: depth 6 (L2, 0.04 above 0) 4; depth 11 (L3, 0.06 − 0.04) 2;
 * - same-level: depth 9, the first L2 above the L2 earner at depth 6: 0.1 × 4 = 0.4.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rewardPostings } from '../../db/schema/index.js';
import { databaseKinds, type TestApp, withTestApp } from '../../test/harness.js';
import { buyMiners, createMember, createTestMiner, setLevel } from '../../test/rewards-kit.js';
import { runRewards } from './rewards.service.js';

/** From the top of the chain down to the buyer's referrer. */
const LEVELS_FROM_TOP = [3, 0, 2, 0, 0, 2, 0, 0, 0, 0, 0];

describe.each(databaseKinds)('reward engine on a deep chain on %s', (kind) => {
  let t: TestApp;
  withTestApp(kind, async (app) => {
    t = app;
  });

  it('pays the far earners exactly as the whole walk would, skipping the members nothing can pay', async () => {
    const db = t.database.db;
    const chain: number[] = [];
    for (let i = 0; i < LEVELS_FROM_TOP.length; i++) chain.push(await createMember(db, chain.at(-1) ?? null));
    const buyer = await createMember(db, chain.at(-1)!);
    // Levels after the tree is built: attaching a member recomputes its upline's levels.
    for (const [i, level] of LEVELS_FROM_TOP.entries()) await setLevel(db, chain[i]!, level);
    const productId = await createTestMiner(db);
    await buyMiners(db, buyer, productId, 1);
    await runRewards(db);

    const rows = await db
      .select({ beneficiaryId: rewardPostings.beneficiaryId, kind: rewardPostings.kind, amount: rewardPostings.amount })
      .from(rewardPostings)
      .where(eq(rewardPostings.memberId, buyer));
    const atDepth = (depth: number) => chain[chain.length - depth]!;
    expect(rows.sort((a, b) => a.beneficiaryId - b.beneficiaryId)).toEqual(
      [
        { beneficiaryId: atDepth(1), kind: 'direct', amount: '5.00000000' },
        { beneficiaryId: atDepth(6), kind: 'performance', amount: '4.00000000' },
        { beneficiaryId: atDepth(9), kind: 'same_level', amount: '0.40000000' },
        { beneficiaryId: atDepth(11), kind: 'performance', amount: '2.00000000' },
      ].sort((a, b) => a.beneficiaryId - b.beneficiaryId),
    );
  });
});
