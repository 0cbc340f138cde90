/**
 * Lighthouse on Home (mobile form factor, Lighthouse's default throttling: simulated slow 4G and a 4× slower CPU)
 * against the production web build served by the real server: a server process from source on a loopback port with
 * a fresh PGlite data directory (or, with `database: 'postgres'`, a scratch PostgreSQL database on DATABASE_URL),
 * and Debian's Chromium headless. Lighthouse 12.8.2 because 13 needs Node 22 (decision 031). Signed in (issue 26's
 * Home row): a new wallet signs in through the login endpoints, its token is put in the page's storage as the app
 * keeps it, and Lighthouse runs in that browser without resetting storage. `npm run bench` runs it signed in on each
 * database; `npx tsx apps/server/bench/lighthouse.ts` runs it alone, signed out (`--signed-in` for signed in), and
 * also lists the metrics and Lighthouse's opportunities. Needs `npm run build -w @reef/web` first.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { STORAGE_ACCOUNT_KEY, STORAGE_TOKEN_KEY } from '@reef/contract';
import { LIGHTHOUSE_TARGETS } from '../../../scripts/budgets.mjs';
import { runAdminStatement } from '../src/db/scratch-database.js';
import { freePort } from '../src/test/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_SOURCE = path.join(ROOT, 'apps/server/src/server.ts');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';
const HOME_PATH = '/index/#/pages/index/index';
const READY_TIMEOUT_MS = 120_000;

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  /** Milliseconds, except CLS (unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** Lighthouse's failing audits with an estimated saving, largest first. */
  opportunities: { id: string; title: string; savingsMs: number }[];
}

async function waitUntilReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${origin}/api/config within ${READY_TIMEOUT_MS} ms`);
}

/** A new wallet signed in through the login endpoints, as the web app does: its token and account. */
async function signIn(origin: string): Promise<{ token: string; account: string }> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const nonce = ((await (await fetch(`${origin}/api/login/nonce`)).json()) as { data: { nonce: string } }).data.nonce;
  const site = new URL(origin);
  const msg = createSiweMessage({ address: wallet.address, domain: site.host, uri: site.origin, chainId: 56, version: '1', nonce, issuedAt: new Date() });
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg }),
  });
  const body = (await login.json()) as { status: number; data: { token: string } };
  if (body.status !== 200) throw new Error(`signing in for Lighthouse failed: ${JSON.stringify(body)}`);
  return { token: body.data.token, account: wallet.address };
}

/** Lighthouse in a browser whose storage holds the signed-in token (Lighthouse told not to reset storage). */
async function lighthouseSignedIn(origin: string): Promise<LighthouseReport> {
  const { token, account } = await signIn(origin);
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS.split(' ') });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/index/`, { waitUntil: 'domcontentloaded' });
    const storage = { [STORAGE_TOKEN_KEY]: token, [STORAGE_ACCOUNT_KEY]: account };
    await page.evaluate(`for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value)`);
    const result = await lighthouse(
      `${origin}${HOME_PATH}`,
      { output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr as unknown as LighthouseReport;
  } finally {
    await browser.close();
  }
}

export interface LighthouseOptions {
  /** Signed in: a fresh user's token in storage before Lighthouse loads Home. */
  signedIn?: boolean;
  /** The server's database: a fresh PGlite directory (default) or a scratch database on DATABASE_URL. */
  database?: 'pglite' | 'postgres';
}

/** Starts the real server on a fresh database, runs Lighthouse on Home, stops the server. */
export async function runLighthouse(options: LighthouseOptions = {}): Promise<LighthouseResult> {
  if (!fs.existsSync(WEB_INDEX)) throw new Error(`no web build at ${WEB_INDEX}: run \`npm run build -w @reef/web\` first`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-lighthouse-'));
  let scratch: { serverUrl: string; name: string; url: string } | null = null;
  if (options.database === 'postgres') {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('DATABASE_URL is not set');
    const name = `reef_bench_lighthouse_${randomBytes(6).toString('hex')}`;
    await runAdminStatement(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    scratch = { serverUrl, name, url: url.toString() };
  }
  const server = spawn(process.execPath, ['--import', 'tsx', SERVER_SOURCE], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    // A clean environment: no DATABASE_URL or REDIS_URL of the machine; production mode as deployed.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.homedir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGINS: origin,
      LOG_LEVEL: 'warn',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  try {
    await waitUntilReady(origin, server);
    if (options.signedIn) return summarize(await lighthouseSignedIn(origin));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        `${origin}${HOME_PATH}`,
        '--output=json',
        '--quiet',
        '--form-factor=mobile',
        '--only-categories=performance,accessibility',
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    return summarize(JSON.parse(stdout));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (scratch) await runAdminStatement(scratch.serverUrl, `drop database if exists ${scratch.name} with (force)`);
  }
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number }>;
  audits: Record<string, { title: string; score: number | null; numericValue?: number; details?: { type?: string; overallSavingsMs?: number } }>;
}

function summarize(report: LighthouseReport): LighthouseResult {
  // LIGHTHOUSE_REPORT=<file>: the whole report, for the audits behind a score (bootup time, main-thread work, long tasks).
  if (process.env.LIGHTHOUSE_REPORT) fs.writeFileSync(process.env.LIGHTHOUSE_REPORT, JSON.stringify(report));
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
    },
    opportunities: Object.entries(report.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 1 && (audit.details?.overallSavingsMs ?? 0) > 0)
      .map(([id, audit]) => ({ id, title: audit.title, savingsMs: Math.round(audit.details!.overallSavingsMs!) }))
      .sort((a, b) => b.savingsMs - a.savingsMs),
  };
}

/** The bench's lines: each score with its target and PASS/MISS. */
export function lighthouseLines(result: LighthouseResult, what = 'Home'): string[] {
  const line = (name: keyof typeof LIGHTHOUSE_TARGETS) =>
    `Lighthouse ${name} (${what}, mobile): ${result[name]} (target ≥${LIGHTHOUSE_TARGETS[name]}) ${result[name] >= LIGHTHOUSE_TARGETS[name] ? 'PASS' : 'MISS'}`;
  const m = result.metrics;
  return [
    line('performance'),
    line('accessibility'),
    `  FCP ${(m.fcp / 1000).toFixed(1)} s, LCP ${(m.lcp / 1000).toFixed(1)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}, Speed Index ${(m.speedIndex / 1000).toFixed(1)} s`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const signedIn = process.argv.includes('--signed-in');
  const result = await runLighthouse({ signedIn });
  for (const line of lighthouseLines(result, signedIn ? 'Home signed in' : 'Home')) console.log(line);
  for (const o of result.opportunities) console.log(`  opportunity: ${o.title} (${o.id}), about ${o.savingsMs} ms`);
}
