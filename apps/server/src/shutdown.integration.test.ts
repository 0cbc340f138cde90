/**
 * Issue 16 §2 graceful shutdown (decision 080), on real server processes: SIGTERM during a burst of transfers over
 * keep-alive connections, with chat sockets open, an AI answer streaming and the jobs running. The process stops
 * taking requests, answers those in flight, closes the sockets with 1001, ends the AI answer as stopped, lets the
 * job in progress finish (no lease left behind) and exits 0 well within SHUTDOWN_TIMEOUT_SECONDS; every transfer
 * answered 200 is in the books and no other. A second case: work that outlasts a 1 s deadline is cut and the
 * process exits 1 at the deadline. On PGlite (a data directory), where the job table can be read after the exit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { aiApi } from '@reef/contract';
import { openDatabase } from './db/client.js';
import { migratedPgliteDataDir } from './test/harness.js';
import { callApi, exited, freePort, signInOverHttp, spawnServer, waitUntilAnswering, type HttpUser } from './test/server-process.js';
import { TestSocket, socketUrl } from './test/socket-client.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = '135790';

interface Started {
  child: ChildProcess;
  origin: string;
  log: () => string;
  admin: HttpUser;
  dir: string;
}

const started: Started[] = [];
afterAll(async () => {
  for (const s of started) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await rm(s.dir, { recursive: true, force: true });
  }
});

async function start(env: Record<string, string>): Promise<Started> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reef-shutdown-'));
  await migratedPgliteDataDir(dir);
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child, log } = spawnServer(['--import', 'tsx', path.join(SERVER_DIR, 'src/server.ts')], {
    cwd: SERVER_DIR,
    port,
    origin,
    env: { DATA_DIR: dir, ADMIN_ADDRESSES: adminWallet.address, LOG_LEVEL: 'info', ...env },
    logLines: 100_000,
  });
  await waitUntilAnswering(child, origin, 60_000, log);
  const admin = await signInOverHttp(origin, adminWallet);
  const s = { child, origin, log, admin, dir };
  started.push(s);
  return s;
}

async function payers(s: Started, count: number): Promise<HttpUser[]> {
  const users: HttpUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = await signInOverHttp(s.origin);
    expect(
      (await callApi(s.origin, 'POST', '/api/admin/ledger/adjust', s.admin.token, { uid: user.uid, asset: 'usdt', amount: '100', memo: 'fund' })).status,
    ).toBe(200);
    expect((await callApi(s.origin, 'POST', '/api/user/password', user.token, { password: PASSWORD, confirm: PASSWORD })).status).toBe(200);
    users.push(user);
  }
  return users;
}

/** Transfers in a ring, all at once; each settles to the envelope status, 'http <n>' or the fetch error's name. */
function burst(s: Started, users: HttpUser[], count: number): Promise<string>[] {
  return Array.from({ length: count }, async (_, i) => {
    const from = users[i % users.length]!;
    const to = users[(i + 1) % users.length]!;
    try {
      const response = await fetch(`${s.origin}/api/finance/other/trade`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: String(to.uid), amount: '0.01', asset: 'usdt', password: PASSWORD }),
      });
      if (response.status !== 200) return `http ${response.status}`;
      return String(((await response.json()) as { status: number }).status);
    } catch (error) {
      return (error as Error).name;
    }
  });
}

async function afterExit(dir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const one = async (query: ReturnType<typeof sql>) => Number(((await database.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    return {
      transfers: await one(sql`select count(*) as n from journal_entries where kind = 'transfer'`),
      leased: await one(sql`select count(*) as n from jobs where locked_until is not null`),
      stoppedAnswers: await one(sql`select count(*) as n from ai_messages where role = 'assistant' and status = 'stopped'`),
      streaming: await one(sql`select count(*) as n from ai_messages where status = 'streaming'`),
    };
  } finally {
    await database.close();
  }
}

describe('SIGTERM on a busy server', () => {
  it('drains transfers, sockets, an AI answer and the jobs, then exits 0 before the deadline', async () => {
    // Jobs run back to back, and the built-in assistant writes slowly enough to be mid-answer at SIGTERM.
    const s = await start({ SHUTDOWN_TIMEOUT_SECONDS: '10', JOB_POLL_MS: '10', COMMUNITY_POLL_MS: '50', AI_BUILTIN_PAUSE_MS: '200' });
    const users = await payers(s, 6);
    const sockets = await Promise.all(users.slice(0, 3).map((u) => TestSocket.ready(socketUrl(s.origin, { type: 'user', token: u.token }))));

    const ai = await fetch(`${s.origin}${aiApi.chat.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${users[5]!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How do I transfer to a friend?' }),
    });
    expect(ai.status).toBe(200);
    const aiText = ai.text();

    const answers = burst(s, users, 40);
    // A logout in the middle of the burst, as in the incident: its session's transfers are refused, not lost.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await callApi(s.origin, 'POST', '/api/logout', users[4]!.token)).status).toBe(200);

    const signalledAt = Date.now();
    s.child.kill('SIGTERM');
    const code = await exited(s.child);
    const tookMs = Date.now() - signalledAt;
    expect(code, s.log().slice(-3000)).toBe(0);
    expect(tookMs).toBeLessThan(10_000);

    for (const socket of sockets) expect((await socket.closed).code).toBe(1001);
    const stream = await aiText;
    expect(stream).toMatch(/event: done\ndata: \{"message_id":\d+,"status":"(stopped|complete)"\}/);

    const outcomes = await Promise.all(answers);
    const ok = outcomes.filter((o) => o === '200').length;
    // Every answer is an answer: 200, refused for the logged-out session (410002), or 503 once draining.
    for (const outcome of outcomes) expect(['200', '410002', 'http 503']).toContain(outcome);
    expect(ok).toBeGreaterThan(0);

    const books = await afterExit(s.dir);
    expect(books.transfers).toBe(ok);
    expect(books.leased).toBe(0);
    expect(books.streaming).toBe(0);
    expect(s.log()).toMatch(/"msg":"stopped"/);
    expect(s.log()).not.toMatch(/shutdown deadline passed|"level":50/);
  }, 180_000);

  it('exits 1 at the deadline when work outlasts it', async () => {
    const s = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const users = await payers(s, 4);
    // More scrypt checks than a second can hold.
    const answers = burst(s, users, 120);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    s.child.kill('SIGTERM');
    const code = await exited(s.child);
    const tookMs = Date.now() - signalledAt;
    expect(code).toBe(1);
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(3000);
    expect(s.log()).toMatch(/shutdown deadline passed/);
    const outcomes = await Promise.all(answers);
    // Whatever was answered 200 is in the books; what was cut committed whole or not at all.
    const books = await afterExit(s.dir);
    expect(books.transfers).toBeGreaterThanOrEqual(outcomes.filter((o) => o === '200').length);
  }, 180_000);
});
