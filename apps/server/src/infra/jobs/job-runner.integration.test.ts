import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, configureClock } from '../../core/clock.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createTestDatabase, databaseKinds } from '../../test/harness.js';
import { createScratchDatabaseUrl } from '../../test/server-process.js';
import { createJobRunner, enqueueJob, type JobRunner } from './job-runner.js';
import * as repo from './jobs.repository.js';

const quiet = { error: () => undefined, warn: () => undefined };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)('job runner (%s)', (kind) => {
  let database: DatabaseHandle;
  const runners: JobRunner[] = [];
  const runner = (options: Partial<Parameters<typeof createJobRunner>[0]> = {}) => {
    const created = createJobRunner({ db: database.db, log: quiet, pollMs: 20, ...options });
    runners.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    configureClock({ adjustable: false });
  });
  afterAll(() => database.close());

  it('runs a periodic job on schedule, one run at a time, and stop waits for the run in progress', async () => {
    const r = runner();
    let active = 0;
    let overlapped = false;
    const runs: number[] = [];
    r.every('test.tick', 100, async () => {
      active += 1;
      overlapped ||= active > 1;
      runs.push(Date.now());
      await sleep(30);
      active -= 1;
    });
    const started = Date.now();
    await r.start();
    await expect.poll(() => runs.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    await r.stop();
    expect(active).toBe(0);
    expect(overlapped).toBe(false);
    // The first run waits a period; then a period after each run ends.
    expect(runs[0]! - started).toBeGreaterThanOrEqual(90);
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(120);
    const row = await repo.findByKey(database.db, 'periodic:test.tick');
    expect(row).toMatchObject({ name: 'test.tick', intervalMs: 100, attempts: 0, lockedBy: null, finishedAt: null });
  });

  it('runs a deferred job once per key, when the business clock reaches its time', async () => {
    configureClock({ adjustable: true });
    const payloads: unknown[] = [];
    const r = runner();
    r.define('test.later', async (payload) => void payloads.push(payload));
    const runAt = new Date(Date.now() + 3_600_000);
    expect(await enqueueJob(database.db, { name: 'test.later', key: 'later-1', payload: { n: 1 }, runAt })).toBe(true);
    expect(await enqueueJob(database.db, { name: 'test.later', key: 'later-1', payload: { n: 2 }, runAt })).toBe(false);
    expect(await r.runDue()).toBe(0);
    advanceClock(3_600_000);
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(payloads).toEqual([{ n: 1 }]);
    expect((await repo.findByKey(database.db, 'later-1'))?.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failing job with backoff, records the error, and gives up after its attempts', async () => {
    configureClock({ adjustable: true });
    let calls = 0;
    const r = runner();
    r.define('test.flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    await enqueueJob(database.db, { name: 'test.flaky', key: 'flaky-1', maxAttempts: 3 });
    expect(await r.runDue()).toBe(1);
    let row = await repo.findByKey(database.db, 'flaky-1');
    expect(row).toMatchObject({ attempts: 1, finishedAt: null, lockedBy: null });
    expect(row?.lastError).toContain('boom 1');
    // Not due again before its backoff (1 s, then 2 s).
    expect(await r.runDue()).toBe(0);
    advanceClock(1000);
    expect(await r.runDue()).toBe(1);
    advanceClock(2000);
    expect(await r.runDue()).toBe(1);
    row = await repo.findByKey(database.db, 'flaky-1');
    expect(row).toMatchObject({ attempts: 3 });
    expect(row?.lastError).toContain('boom 3');
    expect(row?.finishedAt).toBeInstanceOf(Date);
    advanceClock(3_600_000);
    expect(await r.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('a job whose runner died holding it runs again elsewhere once the lease has run out', async () => {
    await enqueueJob(database.db, { name: 'test.orphan', key: 'orphan-1' });
    // A runner that claims and then never renews nor releases: a process gone mid-job.
    const dead = await repo.claimNext(database.db, ['test.orphan'], new Date(), 'dead-worker', 300);
    expect(dead?.key).toBe('orphan-1');
    let ran = 0;
    const r = runner({ leaseMs: 300 });
    r.define('test.orphan', async () => void (ran += 1));
    expect(await r.runDue()).toBe(0);
    await sleep(400);
    expect(await r.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await repo.findByKey(database.db, 'orphan-1')).toMatchObject({ attempts: 2, lockedBy: null });
  });

  it('renews the lease of a job that runs longer than it', async () => {
    let runs = 0;
    const a = runner({ leaseMs: 150 });
    const b = runner({ leaseMs: 150 });
    a.define('test.long', async () => {
      runs += 1;
      await sleep(600);
    });
    b.define('test.long', async () => void (runs += 1));
    await enqueueJob(database.db, { name: 'test.long', key: 'long-1' });
    const running = a.runDue();
    await sleep(350);
    expect(await b.runDue()).toBe(0);
    expect(await running).toBe(1);
    expect(runs).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('job runner on PostgreSQL with several processes', () => {
  let scratch: { url: string; drop(): Promise<void> };
  const handles: DatabaseHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL!, 'reef_jobs');
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await scratch.drop();
  });

  it('two runners on two connection pools take each job once', async () => {
    const [one, two] = [await open(), await open()];
    await one.db.execute(sql`create table job_probe (key text not null, worker text not null)`);
    const runners = [one, two].map((handle) => {
      const r = createJobRunner({ db: handle.db, log: quiet, pollMs: 10 });
      r.define('probe.record', async (payload) => {
        await handle.db.execute(sql`insert into job_probe (key, worker) values (${(payload as { key: string }).key}, ${r.workerId})`);
        await sleep(5);
      });
      return r;
    });
    for (let i = 0; i < 40; i += 1) await enqueueJob(one.db, { name: 'probe.record', key: `probe-${i}`, payload: { key: `probe-${i}` } });
    await Promise.all(runners.map((r) => r.start()));
    await expect
      .poll(async () => Number(rowsOf<{ n: number; id: number }>(await one.db.execute(sql`select count(*)::int as n from job_probe`))[0]!.n), {
        timeout: 15_000,
      })
      .toBe(40);
    await Promise.all(runners.map((r) => r.stop()));
    const rows = rowsOf<{ n: number; id: number }>(
      await one.db.execute(sql`select key, count(*)::int as n, count(distinct worker)::int as w from job_probe group by key`),
    );
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    const workers = rowsOf<{ n: number; id: number }>(await one.db.execute(sql`select count(distinct worker)::int as n from job_probe`))[0]!.n;
    expect(workers).toBe(2);
  });

  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/job-runner-process.ts');
  /** A runner in a child process on the scratch database; `output` collects what it prints. */
  const runnerProcess = (leaseMs: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: scratch.url, LEASE_MS: String(leaseMs) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const state = { output: '', exited: new Promise((resolve) => child.once('exit', resolve)), child };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
    return state;
  };

  it('two runner processes take each job once', async () => {
    const handle = await open();
    // The in-process test above left its own probe rows in this scratch database.
    await handle.db.execute(sql`drop table if exists job_probe`);
    await handle.db.execute(sql`create table job_probe (key text not null, worker text not null)`);
    const processes = [runnerProcess(30_000), runnerProcess(30_000)];
    try {
      for (const p of processes) await expect.poll(() => p.output, { timeout: 60_000 }).toContain('ready');
      for (let i = 0; i < 40; i += 1) await enqueueJob(handle.db, { name: 'probe.record', key: `proc-${i}`, payload: { key: `proc-${i}` } });
      await expect
        .poll(async () => Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from job_probe`))[0]!.n), { timeout: 30_000 })
        .toBe(40);
    } finally {
      for (const p of processes) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
    }
    const perKey = rowsOf<{ n: number }>(await handle.db.execute(sql`select key, count(*)::int as n from job_probe group by key`));
    expect(perKey).toHaveLength(40);
    expect(perKey.every((row) => row.n === 1)).toBe(true);
    const workers = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(distinct worker)::int as n from job_probe`))[0]!.n;
    expect(workers).toBe(2);
  });

  it('a runner process killed mid-job (SIGKILL) leaves the job to another after the lease', async () => {
    const handle = await open();
    await enqueueJob(handle.db, { name: 'probe.hang', key: 'killed-1', payload: { key: 'killed-1' } });
    const child = runnerProcess(1000);
    try {
      await expect.poll(() => child.output, { timeout: 30_000 }).toContain('started killed-1');
    } finally {
      child.child.kill('SIGKILL');
      await child.exited;
    }
    const claimed = await repo.findByKey(handle.db, 'killed-1');
    expect(claimed?.lockedBy).not.toBeNull();
    expect(claimed?.attempts).toBe(1);

    let ran = 0;
    const survivor = createJobRunner({ db: handle.db, log: quiet, pollMs: 20 });
    survivor.define('probe.hang', async () => void (ran += 1));
    // Still leased by the dead process for up to a second.
    expect(await survivor.runDue()).toBe(0);
    await expect.poll(() => survivor.runDue(), { timeout: 5000, interval: 100 }).toBe(1);
    expect(ran).toBe(1);
    expect(await repo.findByKey(handle.db, 'killed-1')).toMatchObject({ attempts: 2, lockedBy: null, lastError: null });
    expect((await repo.findByKey(handle.db, 'killed-1'))?.finishedAt).toBeInstanceOf(Date);
  });
});
