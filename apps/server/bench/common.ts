import { randomBytes } from 'node:crypto';
/**
 * Set-up shared by the benchmarks (bench.ts, chat-bench.ts, responsiveness-bench.ts): a PGlite database on a
 * temporary data directory, the app's configuration for a bench run, and signing in through the real endpoints.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { openScratchPostgres } from '../src/db/scratch-database.js';

export const BENCH_ORIGIN = 'http://bench.reef.test';

/** PGlite on a temporary data directory (the server's default, commits fsynced), removed when closed. */
export async function openPgliteBenchDatabase(prefix = 'reef-bench-'): Promise<DatabaseHandle> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type BenchKind = 'pglite' | 'postgres';

/** A bench phase's database: PGlite on a temporary directory, or a scratch PostgreSQL database `reef_bench`. */
export function openBenchDatabase(kind: BenchKind): Promise<DatabaseHandle> {
  return kind === 'pglite' ? openPgliteBenchDatabase() : openScratchPostgres(process.env.DATABASE_URL!, 'reef_bench');
}

/**
 * A bench file run on its own (`tsx bench/x.ts`, the `bench:x` scripts), not imported by bench.ts: runs `phase` on
 * PGlite, and on PostgreSQL too when DATABASE_URL is set (a scratch database `reef_bench`); BENCH_KINDS=pglite or
 * postgres narrows it.
 */
export async function runAlone(moduleUrl: string, phase: (kind: BenchKind, open: () => Promise<DatabaseHandle>) => Promise<void>): Promise<void> {
  if (!process.argv[1] || pathToFileURL(path.resolve(process.argv[1])).href !== moduleUrl) return;
  const wanted = process.env.BENCH_KINDS?.split(',');
  const kinds: BenchKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds.filter((k) => !wanted || wanted.includes(k))) {
    await phase(kind, () => openBenchDatabase(kind));
  }
}

/** No rate limits (the load would trip them), `admin` may fund the bench users; `env` adds to it. */
export function benchConfig(admin: PrivateKeyAccount, env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_IN_PER_MINUTE: '0',
    PUBLIC_ORIGINS: BENCH_ORIGIN,
    DATA_DIR: os.tmpdir(),
    ADMIN_ADDRESSES: admin.address,
    // As a production deployment runs (decision 106): transaction passwords keyed with a pepper, a random one per run.
    PAY_PASSWORD_PEPPER: randomBytes(32).toString('base64url'),
    ...env,
  });
}

/**
 * Signs `wallet` (a new one by default) in through the login endpoints, as the web app does; with `referrer`, a
 * new user is tied to that uid as an invite link's `?spread=` does (purchases that pay referral rewards need one,
 * decision 119).
 */
export function benchSignIn(app: FastifyInstance, options: { referrer?: number } = {}) {
  const origin = new URL(BENCH_ORIGIN);
  return async (wallet = privateKeyToAccount(generatePrivateKey())) => {
    const nonce = (await app.inject({ method: 'GET', url: '/api/login/nonce' })).json().data.nonce;
    const msg = createSiweMessage({
      address: wallet.address,
      domain: origin.host,
      uri: origin.origin,
      chainId: 56,
      version: '1',
      nonce,
      issuedAt: new Date(),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg, spread: options.referrer ?? null },
    });
    const token = login.json().data.token as string;
    const info = await app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${token}` } });
    return { token, uid: info.json().data.uid as number, account: info.json().data.account as string };
  };
}

/** With BENCH_CPU_PROF=<dir>, a V8 CPU profile of this (the server's) process while `work` runs, written as `<name>.cpuprofile`. */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
