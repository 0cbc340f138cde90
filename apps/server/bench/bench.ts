/**
 * `npm run bench`: throughput of the hot read path against two references on the same database and
 * process — a bare Fastify route (the framework's ceiling) and a route doing one raw primary-key select
 * (the database's ceiling) — so the ratios say how much our own work costs. Runs on PGlite, and on
 * PostgreSQL too when DATABASE_URL is set (in a fresh database it creates and drops). Then the chat socket
 * under 1,000 connected clients (socket-bench.ts), and how soon new connections and GET /index/ are answered
 * while 100 users send transfers (responsiveness-bench.ts), and the cards' session-open burst (cards-burst-bench.ts), the settlement run (settlement-bench.ts), the reward engine at a 5,000-deep chain (community-bench.ts), the game zone's bets
 * (games-bench.ts), the points shop's order and pay (shop-bench.ts) and the proof-of-liabilities tree over 100,000 users (liabilities-bench.ts). Also prints the home page's initial JavaScript, gzipped.
 * It ends with issue 26's goal table (goals.ts, decision 126): every row — transfers, exchange, cards, chat, games,
 * settlement, rewards, home — on PGlite and on PostgreSQL, beside its goal with PASS or MISS; a row that could not
 * be measured on a database says why.
 * BENCH_ONLY=<row>[,<row>…] (the row names above) measures only those rows, on both databases, and skips the phases
 * outside the table; `npm run bench:exchange` is BENCH_ONLY=exchange. BENCH_KINDS=pglite|postgres picks the
 * databases; BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server during the exchange phase;
 * BENCH_EXCHANGE_KEYS=1 sends an Idempotency-Key with every swap.
 */
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app.js';
import { homeInitialJs, lazyChunks } from '../../../scripts/bundle-size.mjs';
import { benchConfig, benchSignIn, openBenchDatabase, profiled } from './common.js';
import { runSocketBench } from './socket-bench.js';
import { runResponsivenessBench } from './responsiveness-bench.js';
import { burstLines, runCardsBurstBench } from './cards-burst-bench.js';
import { runSettlementBench } from './settlement-bench.js';
import { BENCH_SCALE, REWARDS_ROW_SCALE, runCommunityBench } from './community-bench.js';
import { gamesLines, runGamesBench } from './games-bench.js';
import { runShopBench, shopLines } from './shop-bench.js';
import { liabilitiesLines, runLiabilitiesBench } from './liabilities-bench.js';
import { hotPathTargetLines } from './hot-path-targets.js';
import { lighthouseLines, runLighthouse } from './lighthouse.js';
import { goalTable, selectedRows, type BenchKind, type Measured, type RowId, type TableEntry } from './goals.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
/** The goal table's rows to measure (BENCH_ONLY); with it set, the phases outside the table are skipped. */
const ROWS_WANTED = selectedRows(process.env.BENCH_ONLY);
const EVERYTHING = !process.env.BENCH_ONLY;
/** BENCH_EXCHANGE_KEYS=1: every swap carries its own Idempotency-Key, as the web app's exchange form sends one. */
const EXCHANGE_KEYS = process.env.BENCH_EXCHANGE_KEYS === '1';
const EXCHANGE_USERS = 50;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Result {
  /** Requests answered (all, including any refusals). */
  total?: number;
  /** Swaps written to the database. */
  recorded?: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const run = promisify(execFile);
const AUTOCANNON = path.resolve(import.meta.dirname, '../../../node_modules/.bin/autocannon');

/** autocannon runs in its own process (its own core), so the load generator does not steal the server's CPU. */
async function autocannon(url: string, duration: number, headers: Record<string, string>) {
  const args = ['--json', '-c', String(CONNECTIONS), '-d', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(AUTOCANNON, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  await autocannon(url, 1, headers); // warm-up
  const r = await autocannon(url, DURATION_S, headers);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** 50 users at once on the flash-exchange POST, each its own connection and token, in a separate process. */
async function exchangeLoad(kind: string, address: string, tokens: string[]): Promise<Result> {
  const script = path.resolve(import.meta.dirname, 'exchange-load.mjs');
  const config = JSON.stringify({ url: address, tokens, duration: DURATION_S, idempotencyKeys: EXCHANGE_KEYS });
  const { stdout } = await profiled(`exchange-${kind}`, () => run(process.execPath, [script, config], { maxBuffer: 16 * 1024 * 1024 }));
  const r = JSON.parse(stdout);
  if (Object.keys(r.refusals).length) throw new Error(`the exchange refused requests under load: ${JSON.stringify(r.refusals)}`);
  return { total: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function benchDatabase(kind: 'pglite' | 'postgres', withInfo: boolean) {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const config = benchConfig(adminWallet);
  const database = await openBenchDatabase(kind);
  const app = await buildApp({
    config,
    db: database.db,
    extend: (scope) => {
      scope.get('/bench/bare', async () => ({ status: 200, msg: 'success', data: { ok: true } }));
      scope.get('/bench/pk', async () => {
        const rows = await database.db.execute(sql`select id, account from users where id = 1`);
        return { status: 200, msg: 'success', data: (rows as unknown as { rows: unknown[] }).rows[0] };
      });
    },
  });
  try {
    const signIn = benchSignIn(app);
    const admin = await signIn(adminWallet);
    const asAdmin = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${admin.token}` } }).then((r) => r.json());

    const token = (await signIn()).token;
    await asAdmin('/api/admin/lakes', {
      base: 'coin',
      quote: 'usdt',
      reserve_base: '1000000',
      reserve_quote: '5000000',
      fee_rate: '0.003',
      burn_share: '0.5',
      main: true,
    });
    const traders = [];
    for (let i = 0; i < EXCHANGE_USERS; i++) {
      const trader = await signIn();
      await asAdmin('/api/admin/ledger/adjust', { uid: trader.uid, asset: 'usdt', amount: '100000', memo: 'bench' });
      await asAdmin('/api/admin/ledger/adjust', { uid: trader.uid, asset: 'coin', amount: '20000', memo: 'bench' });
      traders.push(trader.token);
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const skipped: Result = { rps: NaN, p50: NaN, p99: NaN, errors: 0, non2xx: 0 };
    const bare = withInfo ? await load(`${address}/bench/bare`) : skipped;
    const pk = withInfo ? await load(`${address}/bench/pk`) : skipped;
    const info = withInfo ? await load(`${address}/api/user/info`, { authorization: `Bearer ${token}` }) : skipped;
    const exchange = await exchangeLoad(kind, address, traders);
    // Refusals are HTTP 200 with status 400, invisible to autocannon: count the swaps that really happened.
    const swapsRecorded = await database.db.execute(sql`select count(*)::int as n from swaps`);
    exchange.recorded = (swapsRecorded as unknown as { rows: { n: number }[] }).rows[0]!.n;
    return { bare, pk, info, exchange };
  } finally {
    await app.close();
    await database.close();
  }
}

function row(name: string, r: Result) {
  return `  ${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.errors || r.non2xx ? `   (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}`;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The exchange phase (and, in a full run, the user/info ratios before it); prints its lines, returns the row. */
async function exchangePhase(kind: BenchKind): Promise<Measured> {
  const { bare, pk, info, exchange } = await benchDatabase(kind, EVERYTHING);
  if (EVERYTHING) {
    console.log(`GET /api/user/info on ${kind}`);
    console.log(row('bare Fastify route', bare));
    console.log(row('one primary-key select', pk));
    console.log(row('GET /api/user/info', info));
    console.log(`  ratio user/info ÷ bare:      ${(info.rps / bare.rps).toFixed(3)}`);
    console.log(`  ratio user/info ÷ pk select: ${(info.rps / pk.rps).toFixed(3)}\n`);
    if (info.non2xx || info.errors) throw new Error('user/info answered errors under load');
  }
  console.log(
    `POST /api/finance/exchange on ${kind}, ${EXCHANGE_USERS} concurrent users${EXCHANGE_KEYS ? ', each swap with its own Idempotency-Key' : ''} (load average ${loadAverage()} at its end)`,
  );
  console.log(row('flash exchange (both ways)', exchange));
  console.log(`  swaps written: ${exchange.recorded} (answered inside the window: ${exchange.total}; requests in flight at its end complete after it)`);
  const figures = EVERYTHING ? { infoRps: info.rps, pkRps: pk.rps } : {};
  for (const line of hotPathTargetLines(kind, { ...figures, swapsPerSecond: exchange.rps, swapP99Ms: exchange.p99 })) console.log(line);
  console.log('');
  if (exchange.non2xx || exchange.errors) throw new Error('the exchange answered errors under load');
  return { figures: { perSecond: exchange.rps, p99: exchange.p99 } };
}

/** Each row's bench on one database: prints its own lines, returns the figures the goal table judges. */
const ROW_BENCHES: Record<RowId, (kind: BenchKind) => Promise<Measured>> = {
  exchange: exchangePhase,
  chat: async (kind) => ({ figures: { ...(await runSocketBench(kind, () => openBenchDatabase(kind))) } }),
  transfers: async (kind) => ({ figures: { ...(await runResponsivenessBench(kind, () => openBenchDatabase(kind))) } }),
  cards: async (kind) => {
    const r = await runCardsBurstBench(kind, () => openBenchDatabase(kind));
    for (const line of burstLines(kind, r)) console.log(line);
    console.log('');
    // Nothing answered inside the window has no latency to report: the row misses, it does not pass on 0 ms.
    const { wave, continuous } = r;
    return {
      figures: {
        p99: wave.total > 0 ? wave.p99 : NaN,
        lastSoldMs: wave.sold ? wave.soldWithinMs : NaN,
        exactlyOnce: Number(wave.exactlyOnce && continuous.exactlyOnce),
        p99Continuous: continuous.total > 0 ? continuous.p99 : NaN,
      },
    };
  },
  settlement: async (kind) => {
    const r = await runSettlementBench(kind, () => openBenchDatabase(kind));
    return { figures: { seconds: r.seconds, exactlyOnce: Number(r.exactlyOnce) } };
  },
  rewards: async (kind) => {
    const r = await runCommunityBench(kind, () => openBenchDatabase(kind), REWARDS_ROW_SCALE);
    return { figures: { perSecond: r.rewardsPerSecond, exactlyOnce: Number(r.rewardedExactlyOnce) } };
  },
  games: async (kind) => {
    const r = await runGamesBench(kind, () => openBenchDatabase(kind));
    for (const line of gamesLines(kind, r)) console.log(line);
    console.log('');
    // The row is the worse of the two games: the throughput as fast as answered, the p99 at the goal rate.
    return {
      figures: {
        perSecond: Math.min(...r.loads.map((l) => l.betsPerSecond)),
        p99: Math.max(...r.rated.map((l) => l.p99)),
        p99Saturated: Math.max(...r.loads.map((l) => l.p99)),
      },
    };
  },
  home: async (kind) => {
    const r = await runLighthouse({ signedIn: true, database: kind });
    for (const line of lighthouseLines(r, `Home signed in, server on ${kind}`)) console.log(line);
    console.log('');
    return { figures: { score: r.performance, cls: r.metrics.cls, contentS: r.metrics.lcp / 1000 } };
  },
};

/** The phases outside the goal table, in a full run only. */
async function otherPhases(kind: BenchKind): Promise<void> {
  await runCommunityBench(kind, () => openBenchDatabase(kind), BENCH_SCALE);
  for (const line of shopLines(kind, await runShopBench(kind, () => openBenchDatabase(kind)))) console.log(line);
  console.log('');
  for (const line of liabilitiesLines(await runLiabilitiesBench(kind, () => openBenchDatabase(kind)))) console.log(line);
  console.log('');
}

function printBundle(): void {
  const js = homeInitialJs();
  console.log("Home page first-load JavaScript (entry with the home page, its static imports, the default catalogue's first-screen part), brotli:");
  for (const file of js.files) console.log(`  ${file.file.padEnd(48)} ${(file.brotli / 1024).toFixed(1).padStart(7)} KB`);
  console.log(
    `  total ${(js.totalBrotli / 1024).toFixed(1)} KB brotli, bodies only (target ${js.budgetKb} KB with headers, held by e2e/tests/delivery.spec.ts)`,
  );
  const lazy = lazyChunks();
  const largest = lazy.files.find((file) => file.budgetKb === lazy.budgetKb);
  if (largest) console.log(`  largest lazy chunk ${largest.file} ${(largest.brotli / 1024).toFixed(1)} KB brotli (limit ${lazy.budgetKb} KB)`);
  for (const file of lazy.files.filter((f) => f.budgetKb !== lazy.budgetKb)) {
    console.log(`  ${file.source} ${(file.brotli / 1024).toFixed(1)} KB brotli (its own limit ${file.budgetKb} KB)`);
  }
  console.log('');
}

/** Why a database is not measured in this run, or null when it is. */
function skippedBecause(kind: BenchKind): string | null {
  if (kind === 'postgres' && !process.env.DATABASE_URL) return 'DATABASE_URL is not set';
  if (process.env.BENCH_KINDS && !process.env.BENCH_KINDS.split(',').includes(kind)) return `BENCH_KINDS=${process.env.BENCH_KINDS} leaves it out`;
  return null;
}

async function main() {
  console.log(
    `Reef benchmark — autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, loopback, ${os.cpus().length} cores, load average ${loadAverage()} at start; rows: ${ROWS_WANTED.join(', ')}\n`,
  );
  const entries: TableEntry[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const skipped = skippedBecause(kind);
    for (const id of ROWS_WANTED) {
      if (skipped) {
        entries.push({ row: id, kind, measured: { notMeasured: skipped } });
        continue;
      }
      let measured: Measured;
      try {
        measured = await ROW_BENCHES[id](kind);
      } catch (error) {
        // A failed phase is reported as such in the table (and below), never as a figure.
        console.error(`${id} on ${kind} failed:`, error);
        measured = { notMeasured: `the bench failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
      }
      entries.push({ row: id, kind, measured });
      console.log(`  (${id} on ${kind} done; load average ${loadAverage()})\n`);
    }
    if (EVERYTHING && !skipped) await otherPhases(kind);
  }
  if (EVERYTHING) printBundle();
  for (const line of goalTable(entries)) console.log(line);
  console.log(`(load average ${loadAverage()} at the end, ${os.cpus().length} cores)`);
  if (entries.some((e) => 'notMeasured' in e.measured && e.measured.notMeasured.startsWith('the bench failed'))) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
