/**
 * The reward engine's throughput (decision 065): a referral tree of REWARDS_BENCH_MEMBERS users (default 600: a
 * chain 50 deep, the rest a fan-out of 3 hanging from it, so buyers have uplines ~40 deep; levels 0–3) and
 * REWARDS_BENCH_PURCHASES miner purchases (default 400) made through the mining service, then one engine run over
 * them, timed: events per second against the target. Standalone: `npm run bench:rewards` (PostgreSQL too with
 * DATABASE_URL).
 */
import type { DatabaseHandle } from '../src/db/client.js';
import { runRewards } from '../src/modules/rewards/rewards.service.js';
import { rewardFacts, seedRewardLoad } from '../src/test/rewards-kit.js';
import { runAlone } from './common.js';

const MEMBERS = Number(process.env.REWARDS_BENCH_MEMBERS ?? 600);
const PURCHASES = Number(process.env.REWARDS_BENCH_PURCHASES ?? 400);
/** Events per second on PostgreSQL: a day of a busy platform (100,000 purchases) in under 10 minutes. */
const TARGET_EPS = 200;

export async function runRewardsBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<void> {
  const database = await open();
  try {
    const seeded = performance.now();
    await seedRewardLoad(database.db, { members: MEMBERS, purchases: PURCHASES, chain: 50 });
    const seedS = (performance.now() - seeded) / 1000;

    const t0 = performance.now();
    const handled = await runRewards(database.db);
    const seconds = (performance.now() - t0) / 1000;
    const again = await runRewards(database.db);
    const facts = await rewardFacts(database.db);
    const eps = handled / seconds;
    const exactlyOnce = facts.events === PURCHASES && facts.duplicates === 0 && facts.unbalanced === 0 && facts.paidFromSystem === facts.decided;

    console.log(`Reward engine on ${kind}: ${MEMBERS.toLocaleString('en')} members (a chain 50 deep, fan-out 3), ${PURCHASES.toLocaleString('en')} purchases`);
    console.log(`  load written in ${seedS.toFixed(1)} s`);
    console.log(
      `  ${handled.toLocaleString('en')} outbox events (funding, purchases) in ${seconds.toFixed(2)} s: ${eps.toFixed(0)} events/s, ${facts.rows.toLocaleString('en')} rewards decided`,
    );
    console.log(`  target ≥ ${TARGET_EPS} events/s on PostgreSQL: ${kind === 'postgres' ? (eps >= TARGET_EPS ? 'met' : 'NOT met') : 'n/a (PGlite)'}`);
    console.log(`  second run: ${again} events; each purchase rewarded exactly once: ${exactlyOnce ? 'yes' : 'NO'}\n`);
    if (!exactlyOnce || again !== 0) throw new Error('the reward engine rewarded a purchase twice or missed one');
  } finally {
    await database.close();
  }
}

await runAlone(import.meta.url, runRewardsBench);
