/**
 * The session-open burst (issues 11 and 26, decisions 051 and 126): a session with 200 starter cards opens and
 * 2,000 signed-in users on the card's page press "buy" (BENCH_BURST_USERS and BENCH_BURST_STOCK change the load;
 * issue 11 ran 500 on 100). Two loads on two sessions of their own:
 * - the wave (judged against issue 26: p99 ≤ 250 ms on both databases, the last card sold within 300 ms): every
 *   user presses once, all at the same moment, as the app sends it — one press per user, the button busy until
 *   the answer, any refusal refetching the session, which then shows "sold out";
 * - pressing continuously (a stress figure, unjudged): one connection per user pressing over and over for the
 *   run's duration, each press its own Idempotency-Key. 2,000 users waiting on each other's answers see a mean
 *   latency of 2,000 ÷ the answers per second (Little's law), whatever the server does.
 * Each checks that no more than the stock was sold, that no card was sold twice and that every sale was answered
 * once. `npm run bench` runs it on PGlite and, with DATABASE_URL, on PostgreSQL; `npm run bench:cards` runs only this
 * section (`BENCH_KINDS=pglite|postgres` picks the databases).
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toUnits } from '@reef/contract';
import { buildApp } from '../src/app.js';
import * as clock from '../src/core/clock.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { postEntry, type PostingInput } from '../src/modules/ledger/ledger.service.js';
import { benchConfig, benchSignIn, profiled, runAlone } from './common.js';

const USERS = Number(process.env.BENCH_BURST_USERS ?? process.env.BENCH_CARD_USERS ?? 2_000);
const STOCK = Number(process.env.BENCH_BURST_STOCK ?? process.env.BENCH_CARD_STOCK ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
export const BURST_TARGET = { answeredPerSecond: 1000, p99Ms: 250, lastSaleMs: 300 };

/** One load's answers (the load process's JSON) and its session's books. */
export interface BurstPhase {
  answeredPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  sold: number;
  codes: Record<string, number>;
  byCode: Record<string, { n: number; p50: number; p99: number; max: number }>;
  soldWithinMs: number;
  errors: number;
  /** Answers that were a sale (BOUGHT): never more than `sold` (a sale still in flight when the load ended has none). */
  boughtAnswers: number;
  /** The stock sold out, each card to its own buyer, and each sale answered BOUGHT once. */
  exactlyOnce: boolean;
  /** CPU time during the load: the server's process (with PGlite's worker; PostgreSQL's own processes are not in it), and the load's (the wave only). */
  serverCpuMs: number;
  loadCpuMs?: number;
}

export interface BurstResult {
  /** The load: users pressing, cards on sale in each session. */
  users: number;
  stock: number;
  /** Every user pressing once at the same moment (judged). */
  wave: BurstPhase;
  /** Every user pressing over and over for the run's duration (a stress figure). */
  continuous: BurstPhase;
}

interface LoadOutput {
  total: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  soldWithinMs: number;
  loadCpuMs?: number;
  codes: Record<string, number>;
  byCode: BurstPhase['byCode'];
}

/**
 * Runs the load process; the server's CPU time (this process: main thread, PGlite's worker and all) is counted from
 * the load's "pressing" line on stderr (the wave's presses, not its pages' requests) or from the start.
 */
function runLoad(script: string, config: string): Promise<{ stdout: string; serverCpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, config], { stdio: ['ignore', 'pipe', 'pipe'] });
    let cpuFrom = process.cpuUsage();
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('pressing\n')) cpuFrom = process.cpuUsage();
      stderr += chunk.replace('pressing\n', '');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const used = process.cpuUsage(cpuFrom);
      if (code !== 0) reject(new Error(`the load process exited with ${code}: ${stderr}`));
      else resolve({ stdout, serverCpuMs: Math.round((used.user + used.system) / 1000) });
    });
  });
}

export async function runCardsBurstBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<BurstResult> {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const database = await open();
  const app = await buildApp({ config: benchConfig(adminWallet), db: database.db });
  try {
    const admin = await benchSignIn(app)(adminWallet);
    // Every buyer invited by the admin: a starter card pays referral rewards, so it needs a referrer (decision 119).
    const signIn = benchSignIn(app, { referrer: admin.uid });
    const asAdmin = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${admin.token}` } }).then((r) => r.json());
    const users: { token: string; uid: number }[] = [];
    for (let i = 0; i < USERS; i += 25) users.push(...(await Promise.all(Array.from({ length: Math.min(25, USERS - i) }, () => signIn()))));
    // Enough for a card in each load's session (price 10 RUSD and a 1 fuel fee each).
    await database.db.transaction(async (tx) => {
      const postings: PostingInput[] = users.flatMap((u) => [
        { account: { userId: u.uid, asset: 'rusd' as const }, amount: toUnits('100'), kind: 'adjustment' },
        { account: { userId: u.uid, asset: 'fuel' as const }, amount: toUnits('100'), kind: 'adjustment' },
      ]);
      const total = toUnits('100') * BigInt(users.length);
      postings.push({ account: { system: 'adjustment', asset: 'rusd' }, amount: -total, kind: 'adjustment' });
      postings.push({ account: { system: 'adjustment', asset: 'fuel' }, amount: -total, kind: 'adjustment' });
      await postEntry(tx, { kind: 'adjustment', memo: 'bench', actorId: admin.uid, postings });
    });
    /** A card type with a session open now: each load gets its own, so each sells its own stock. */
    const openSession = async (name: string) => {
      const type = await asAdmin('/api/admin/cards/types', {
        name,
        start_price: '10',
        price_step_bp: 500,
        fuel_fee_bp: 1000,
        trade_points: '0',
        hold_days: 1,
        list_window_days: 1,
        platform_fee_bp: 500,
        renewal_fee_bp: 100,
      });
      const now = clock.nowMs();
      const session = await asAdmin('/api/admin/cards/sessions', {
        card_type_id: type.data.id,
        opens_at: new Date(now - 1000).toISOString(),
        closes_at: new Date(now + 3_600_000).toISOString(),
        stock: STOCK,
      });
      return { typeId: type.data.id as number, sessionId: session.data.id as number };
    };
    const waveSession = await openSession('Bench wave');
    const continuousSession = await openSession('Bench continuous');

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const script = path.resolve(import.meta.dirname, 'cards-burst-load.mjs');
    const load = async (mode: 'wave' | 'continuous', typeId: number): Promise<LoadOutput & { serverCpuMs: number }> => {
      const config = JSON.stringify({ url: address, tokens: users.map((u) => u.token), duration: DURATION_S, typeId, mode });
      const { stdout, serverCpuMs } = await profiled(`cards-${kind}-${mode}`, () => runLoad(script, config));
      return { ...(JSON.parse(stdout) as LoadOutput), serverCpuMs };
    };
    const waveLoad = await load('wave', waveSession.typeId);
    const continuousLoad = await load('continuous', continuousSession.typeId);
    // Sales the load left in flight still commit after it ended: the app stops taking requests and finishes
    // them first, then the books are read.
    await app.close();
    return {
      users: USERS,
      stock: STOCK,
      wave: await phaseOf(database, waveSession.sessionId, waveLoad),
      continuous: await phaseOf(database, continuousSession.sessionId, continuousLoad),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * One session's books in one statement — its cards, their owners, the session's sold count and its buyers' caps —
 * checked against the load's answers: more than the stock sold, counts that disagree, or a BOUGHT answer without
 * its card fail the bench.
 */
async function phaseOf(database: DatabaseHandle, sessionId: number, r: LoadOutput & { serverCpuMs: number }): Promise<BurstPhase> {
  const [books] = (
    (await database.db.execute(
      sql`select (select count(*)::int from cards where session_id = ${sessionId}) as cards,
                 (select count(distinct owner_id)::int from cards where session_id = ${sessionId}) as owners,
                 (select sold from card_sessions where id = ${sessionId}) as sold,
                 (select coalesce(sum(bought), 0)::int from card_session_buyers where session_id = ${sessionId}) as bought`,
    )) as unknown as { rows: { cards: number; sold: number; bought: number; owners: number }[] }
  ).rows;
  const sold = books!.cards;
  // Fewer than the stock may be sold inside a short window on a slow machine; more would be a bug.
  if (sold > STOCK) throw new Error(`the burst sold ${sold} cards of a stock of ${STOCK}`);
  if (books!.sold !== sold || books!.bought !== sold) {
    throw new Error(`${sold} cards exist but the session counts ${books!.sold} sold and the buyers ${books!.bought}`);
  }
  const boughtAnswers = r.codes.BOUGHT ?? 0;
  // A sale still in flight when the load ended was never answered; an answer without its card would be a bug.
  if (boughtAnswers > sold) throw new Error(`${boughtAnswers} presses were answered BOUGHT but ${sold} cards were sold`);
  return {
    answeredPerSecond: r.perSecond,
    p50: r.p50,
    p99: r.p99,
    total: r.total,
    sold,
    codes: r.codes,
    byCode: r.byCode,
    soldWithinMs: r.soldWithinMs,
    errors: r.errors,
    boughtAnswers,
    exactlyOnce: sold === STOCK && books!.owners === STOCK && boughtAnswers === STOCK,
    serverCpuMs: r.serverCpuMs,
    ...(r.loadCpuMs === undefined ? {} : { loadCpuMs: r.loadCpuMs }),
  };
}

export function burstLines(kind: string, r: BurstResult): string[] {
  const phaseLines = (p: BurstPhase) => [
    `  ${p.total} presses answered at ${p.answeredPerSecond.toFixed(0)}/s: ${Object.entries(p.codes)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ')}; sold ${p.sold} of ${r.stock}${p.errors ? `; errors ${p.errors}` : ''}`,
    `  p50 ${p.p50} ms   p99 ${p.p99} ms   last card sold ${p.soldWithinMs} ms after the start`,
    `  CPU: the server's process ${p.serverCpuMs} ms (${(p.serverCpuMs / Math.max(1, p.total)).toFixed(2)} ms a press)${p.loadCpuMs === undefined ? '' : `, the load's ${p.loadCpuMs} ms`}`,
    `  by answer: ${Object.entries(p.byCode)
      .map(([code, l]) => `${code} p50 ${l.p50} / p99 ${l.p99} / max ${l.max} ms`)
      .join('; ')}`,
  ];
  return [
    `Session-open burst on ${kind}: ${r.users} users on sessions of ${r.stock} starter cards`,
    `  the wave, every user pressing once at the same moment (target p99 ≤ ${BURST_TARGET.p99Ms} ms, last card within ${BURST_TARGET.lastSaleMs} ms):`,
    ...phaseLines(r.wave),
    `  pressing continuously for ${DURATION_S} s (a stress figure: ${r.users} users waiting on each other's answers wait ${r.users} ÷ the rate on average)${kind === 'postgres' ? `, issue 11's ≥ ${BURST_TARGET.answeredPerSecond} answered/s` : ''}:`,
    ...phaseLines(r.continuous),
    '  (measured on whatever else the machine is running at the time: compare runs of the same load)',
  ];
}

await runAlone(import.meta.url, async (kind, open) => {
  for (const line of burstLines(kind, await runCardsBurstBench(kind, open))) console.log(line);
  console.log('');
});
