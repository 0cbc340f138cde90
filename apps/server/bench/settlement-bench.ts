/**
 * The settlement run (decision 056): one run over 100,000 running miners and 100,000 pledge positions, each
 * with one period due, timed on PGlite and PostgreSQL against issue 26's targets (≤ 15 s PGlite, ≤ 10 s PostgreSQL). The load is written
 * set-based by the test kit; the run is the job's own code (`settleMining`, `settlePledge`). Standalone:
 * `npm run bench:settlement` (PostgreSQL too with DATABASE_URL).
 */
import type { DatabaseHandle } from '../src/db/client.js';
import { settleMining } from '../src/modules/mining/mining.service.js';
import { settlePledge } from '../src/modules/pledge/pledge.service.js';
import { seedSettlementLoad, settlementFacts } from '../src/test/settlement-kit.js';
import { runAlone } from './common.js';

/** SETTLEMENT_BENCH_ROWS scales it down for a quick look (default: the 100,000 of each). */
const MINERS = Number(process.env.SETTLEMENT_BENCH_ROWS ?? 100_000);
const POSITIONS = MINERS;
const USERS = Math.max(1, MINERS / 10);
const TARGET_S = { pglite: 15, postgres: 10 };

/** The goal table's settlement row (goals.ts): the run's seconds, and whether every period was paid exactly once. */
export interface SettlementFigures {
  seconds: number;
  exactlyOnce: boolean;
}

export async function runSettlementBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<SettlementFigures> {
  const database = await open();
  try {
    const start = new Date(Date.UTC(2027, 0, 1));
    const seeded = performance.now();
    await seedSettlementLoad(database.db, { users: USERS, minersPerUser: MINERS / USERS, positionsPerUser: POSITIONS / USERS, start });
    const seedS = (performance.now() - seeded) / 1000;

    const t0 = performance.now();
    const mining = await settleMining(database.db, start);
    const t1 = performance.now();
    const pledge = await settlePledge(database.db, start);
    const t2 = performance.now();
    const again = await settleMining(database.db, start);
    const againPledge = await settlePledge(database.db, start);
    const facts = await settlementFacts(database.db);
    const exactlyOnce =
      facts.bubbles === MINERS && facts.settlements === POSITIONS && facts.interestCredited === facts.interestExpected && facts.unbalanced === 0;

    const total = (t2 - t0) / 1000;
    console.log(`Settlement run on ${kind}: ${MINERS.toLocaleString('en')} miners + ${POSITIONS.toLocaleString('en')} pledge positions, one period each`);
    console.log(`  load written in ${seedS.toFixed(1)} s (${USERS.toLocaleString('en')} holders)`);
    console.log(`  mining: ${mining.bubbles} bubbles in ${((t1 - t0) / 1000).toFixed(2)} s`);
    console.log(`  pledge: ${pledge.lines} interest lines in ${((t2 - t1) / 1000).toFixed(2)} s (one journal entry per 20,000)`);
    console.log(`  total ${total.toFixed(2)} s   target ≤ ${TARGET_S[kind]} s on ${kind} (issue 26): ${total <= TARGET_S[kind] ? 'met' : 'NOT met'}`);
    console.log(`  second run: ${again.bubbles} bubbles, ${againPledge.lines} lines; paid exactly once: ${exactlyOnce ? 'yes' : 'NO'}\n`);
    if (!exactlyOnce || again.bubbles !== 0 || againPledge.lines !== 0) throw new Error('the settlement paid a period twice or missed one');
    return { seconds: total, exactlyOnce };
  } finally {
    await database.close();
  }
}

await runAlone(import.meta.url, async (kind, open) => {
  await runSettlementBench(kind, open);
});
