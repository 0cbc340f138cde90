/**
 * Lighthouse on Home (mobile form factor, Lighthouse's default throttling) against the production web
 * build served by the real server: a server process from source on a loopback port with a fresh PGlite
 * data directory, and Debian's Chromium headless. Lighthouse 12.8.2 because 13 needs Node 22 (decision 031).
 * `npm run bench` prints its two lines; `npx tsx apps/server/bench/lighthouse.ts` runs it alone and also
 * lists the metrics and Lighthouse's opportunities. Needs `npm run build -w @reef/web` first.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LIGHTHOUSE_TARGETS } from '../../../scripts/budgets.mjs';
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

/** Starts the real server on a fresh PGlite directory, runs Lighthouse on Home, stops the server. */
export async function runLighthouse(): Promise<LighthouseResult> {
  if (!fs.existsSync(WEB_INDEX)) throw new Error(`no web build at ${WEB_INDEX}: run \`npm run build -w @reef/web\` first`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-lighthouse-'));
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
    },
  });
  try {
    await waitUntilReady(origin, server);
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
  }
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility', { score: number }>;
  audits: Record<string, { title: string; score: number | null; numericValue?: number; details?: { type?: string; overallSavingsMs?: number } }>;
}

function summarize(report: LighthouseReport): LighthouseResult {
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
export function lighthouseLines(result: LighthouseResult): string[] {
  const line = (name: keyof typeof LIGHTHOUSE_TARGETS) =>
    `Lighthouse ${name} (Home, mobile): ${result[name]} (target ≥${LIGHTHOUSE_TARGETS[name]}) ${result[name] >= LIGHTHOUSE_TARGETS[name] ? 'PASS' : 'MISS'}`;
  const m = result.metrics;
  return [
    line('performance'),
    line('accessibility'),
    `  FCP ${(m.fcp / 1000).toFixed(1)} s, LCP ${(m.lcp / 1000).toFixed(1)} s, TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}, Speed Index ${(m.speedIndex / 1000).toFixed(1)} s`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await runLighthouse();
  for (const line of lighthouseLines(result)) console.log(line);
  for (const o of result.opportunities) console.log(`  opportunity: ${o.title} (${o.id}), about ${o.savingsMs} ms`);
}
