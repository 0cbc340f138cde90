/**
 * Responsiveness under write load (issue 9 §2, decision 040): while 100 signed-in users send transfers as fast
 * as they are answered, how soon does a new connection get served, and GET /index/? Then the same users send the
 * goal table's rate together, for the transfers' p99 at that rate (decision 126). Writers and probes run
 * in their own processes (responsiveness-load.mjs). Part of `npm run bench`; alone:
 * `npx tsx apps/server/bench/responsiveness-bench.ts` (PGlite on a temporary data directory).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { benchConfig, benchSignIn, openPgliteBenchDatabase } from './common.js';
import { goalRate } from './goals.js';

const WRITERS = 100;
/** The writers' transaction password, sent with every transfer as the app sends it. */
const WRITER_PASSWORD = '135790';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ACCEPT_TARGET_MS = 100;
const INDEX_TARGET_MS = 50;

const run = promisify(execFile);
const LOAD = path.resolve(import.meta.dirname, 'responsiveness-load.mjs');
const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

async function loadProcess<T>(role: 'writers' | 'probe', config: object): Promise<T> {
  const { stdout } = await run(process.execPath, [LOAD, role, JSON.stringify(config)], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as T;
}

/** The built web app when there is one; otherwise a placeholder page, so /index/ is served either way. */
function webDist(): { dir: string; placeholder: boolean } {
  const built = fileURLToPath(new URL('../../web/dist', import.meta.url));
  if (fs.existsSync(path.join(built, 'index.html'))) return { dir: built, placeholder: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-bench-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>Reef</title></head><body>${'<div></div>'.repeat(400)}</body></html>`);
  return { dir, placeholder: true };
}

/**
 * The goal table's transfers row (goals.ts): transfers written per second as fast as answered, their p99 then, and
 * the p99 with the writers together sending the row's goal rate (decision 126).
 */
export interface TransfersFigures {
  perSecond: number;
  p99: number;
  p99Saturated: number;
}

interface WritersResult {
  total: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  refusals: Record<string, number>;
}

export async function runResponsivenessBench(kind: 'pglite' | 'postgres', openDb: () => Promise<DatabaseHandle>): Promise<TransfersFigures> {
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const web = webDist();
  const config = benchConfig(adminWallet, { WEB_DIST: web.dir });
  const database = await openDb();
  const app = await buildApp({
    config,
    db: database.db,
    extend: (scope) => {
      scope.get('/bench/bare', async () => ({ status: 200, msg: 'success', data: { ok: true } }));
    },
  });
  try {
    const signIn = benchSignIn(app);
    const admin = await signIn(adminWallet);
    const recipient = await signIn();
    const tokens: string[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const writer = await signIn();
      const funding = await app.inject({
        method: 'POST',
        url: '/api/admin/ledger/adjust',
        payload: { uid: writer.uid, asset: 'usdt', amount: '1000', memo: 'bench' },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      if (funding.json().status !== 200) throw new Error(`funding a bench writer failed: ${funding.body}`);
      // Transfers need the transaction password (decision 041): each writer sets the one the load sends.
      const password = await app.inject({
        method: 'POST',
        url: '/api/user/password',
        payload: { password: WRITER_PASSWORD, confirm: WRITER_PASSWORD },
        headers: { authorization: `Bearer ${writer.token}` },
      });
      if (password.json().status !== 200) throw new Error(`setting a bench writer's password failed: ${password.body}`);
      tokens.push(writer.token);
    }
    const before = await transfersWritten(database);

    const address = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    const [writers, probe] = await Promise.all([
      loadProcess<WritersResult>('writers', {
        url: address.origin,
        tokens,
        recipient: recipient.account,
        password: WRITER_PASSWORD,
        duration: DURATION_S,
      }),
      loadProcess<{ accept: Latencies; index: Latencies }>('probe', {
        host: address.hostname,
        port: Number(address.port),
        duration: DURATION_S,
        acceptPath: '/bench/bare',
      }),
    ]);
    const written = (await transfersWritten(database)) - before;
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(`Responsiveness on ${kind} while ${WRITERS} users send transfers (issue 9 §2)`);
    console.log(
      `  transfers: ${(written / DURATION_S).toFixed(0)}/s written (${written}), p99 ${writers.p99} ms${Object.keys(writers.refusals).length ? `, refusals ${JSON.stringify(writers.refusals)}` : ''}`,
    );
    console.log(
      `  new connection accepted and answered p99: ${fmt(probe.accept.p99)} (p50 ${fmt(probe.accept.p50)}, ${probe.accept.n} connections) (target ≤ ${ACCEPT_TARGET_MS} ms) ${verdict(probe.accept.p99 <= ACCEPT_TARGET_MS)}`,
    );
    console.log(
      `  GET /index/ p99: ${fmt(probe.index.p99)} (p50 ${fmt(probe.index.p50)}, ${probe.index.n} requests${web.placeholder ? ', placeholder page: web app not built' : ''}) (target ≤ ${INDEX_TARGET_MS} ms) ${verdict(probe.index.p99 <= INDEX_TARGET_MS)}`,
    );
    if (writers.errors || writers.non2xx) throw new Error('transfers answered errors under load');

    // The same writers, together sending the row's goal rate: the p99 the goal bounds.
    const rate = goalRate('transfers', kind);
    const beforeRated = await transfersWritten(database);
    const rated = await loadProcess<WritersResult>('writers', {
      url: address.origin,
      tokens,
      recipient: recipient.account,
      password: WRITER_PASSWORD,
      duration: DURATION_S,
      rate,
    });
    const writtenRated = (await transfersWritten(database)) - beforeRated;
    console.log(
      `  at the goal rate, ${rate} transfers/s offered: ${(writtenRated / DURATION_S).toFixed(0)}/s written (${writtenRated}), p50 ${rated.p50} ms, p99 ${rated.p99} ms${Object.keys(rated.refusals).length ? `, refusals ${JSON.stringify(rated.refusals)}` : ''}`,
    );
    console.log('');
    if (rated.errors || rated.non2xx) throw new Error('transfers answered errors at the goal rate');
    return { perSecond: written / DURATION_S, p99: rated.p99, p99Saturated: writers.p99 };
  } finally {
    await app.close();
    await database.close();
    if (web.placeholder) fs.rmSync(web.dir, { recursive: true, force: true });
  }
}

/** Transfers written: one transfer_out posting each. */
async function transfersWritten(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from postings where kind = 'transfer_out'`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runResponsivenessBench('pglite', () => openPgliteBenchDatabase()).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
