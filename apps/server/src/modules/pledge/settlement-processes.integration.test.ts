import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../../db/client.js';
import { enqueueJob } from '../../infra/jobs/job-runner.js';
import { databaseKinds, migratedPgliteDataDir } from '../../test/harness.js';
import { createScratchDatabaseUrl } from '../../test/server-process.js';
import { expectSettledExactlyOnce } from '../../test/settlement-expect.js';
import { seedSettlementLoad } from '../../test/settlement-kit.js';
import { settleMining } from '../mining/mining.service.js';
import { settlePledge } from './pledge.service.js';

const DAY = 86_400_000;
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/settlement-process.ts');
const start = new Date(Date.UTC(2027, 2, 1));
const later = new Date(start.getTime() + 10 * DAY);
// 40 holders × 2 miners and 2 positions: 80 miners produce days 1..11; positions earn 3 days then 2 releases.
const LOAD = { users: 40, minersPerUser: 2, positionsPerUser: 2, start, cycleDays: 3, releaseDays: 2 };
const COMPLETE = { periodsCreated: 80 * 11, periodsPaid: 80 * 5 };

/** A settlement runner process; `output` collects what it prints. */
function runnerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NOW_MS: String(later.getTime()), BATCH: '20', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '', exited: new Promise((resolve) => child.once('exit', resolve)), child };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
  return state;
}

async function expectExactlyOnce(target: DatabaseTarget, complete: boolean) {
  const handle = await openDatabase(target);
  try {
    const facts = await expectSettledExactlyOnce(handle.db);
    if (complete) expect({ periodsCreated: facts.periodsCreated, periodsPaid: facts.periodsPaid }).toEqual(COMPLETE);
    return facts;
  } finally {
    await handle.close();
  }
}

describe.each(databaseKinds)('settlement processes (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /**
   * A database with the load and (unless `withJob` is false) one `settlement.run` job waiting; the handle is closed
   * (PGlite: one process per directory).
   */
  async function prepared(withJob = true): Promise<{ target: DatabaseTarget; env: Record<string, string> }> {
    let target: DatabaseTarget;
    let env: Record<string, string>;
    if (kind === 'pglite') {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-settle-'));
      cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
      await migratedPgliteDataDir(dir);
      target = { kind: 'pglite', dataDir: dir };
      env = { DATA_DIR: dir };
    } else {
      const scratch = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL!, 'reef_settle');
      cleanups.push(() => scratch.drop());
      target = { kind: 'postgres', url: scratch.url };
      env = { DATABASE_URL: scratch.url };
    }
    const handle = await openDatabase(target);
    try {
      await seedSettlementLoad(handle.db, LOAD);
      if (withJob) await enqueueJob(handle.db, { name: 'settlement.run', key: 'run-1', payload: { key: 'run-1' }, runAt: new Date(0) });
    } finally {
      await handle.close();
    }
    return { target, env };
  }

  it('a runner killed (SIGKILL) inside a settlement batch leaves no half-paid period; the next run pays the rest once', async () => {
    const { target, env } = await prepared();
    const killInside = async (batch: number) => {
      const child = runnerProcess({ ...env, HANG_AT: String(batch) });
      try {
        await expect.poll(() => child.output, { timeout: 90_000, interval: 100 }).toContain(`inside ${batch}`);
      } finally {
        child.child.kill('SIGKILL');
        await child.exited;
      }
      return expectExactlyOnce(target, false);
    };
    // First death: mining batches 1 and 2 (40 of the 80 miners) committed, the 3rd in flight.
    const first = await killInside(3);
    expect(first.periodsCreated).toBe(40 * 11);
    expect(first.periodsPaid).toBe(0);
    // The dead runner's job stays leased; a second job is taken by a new runner, which dies in its first pledge batch.
    const handle0 = await openDatabase(target);
    await enqueueJob(handle0.db, { name: 'settlement.run', key: 'run-2', payload: { key: 'run-2' }, runAt: new Date(0) });
    await handle0.close();
    const second = await killInside(3);
    expect(second.periodsCreated).toBe(COMPLETE.periodsCreated);
    expect(second.periodsPaid).toBe(0);

    const handle = await openDatabase(target);
    try {
      await settleMining(handle.db, later, {}, 20);
      await settlePledge(handle.db, later, {}, 20);
      await settleMining(handle.db, later, {}, 20);
      await settlePledge(handle.db, later, {}, 20);
    } finally {
      await handle.close();
    }
    await expectExactlyOnce(target, true);
  }, 300_000);

  // Several processes share one database only on PostgreSQL (a PGlite directory has one owner).
  if (kind === 'postgres')
    it('two runner processes settling at once pay every period once', async () => {
      const { target, env } = await prepared(false);
      const processes = [runnerProcess(env), runnerProcess(env)];
      try {
        // The jobs are queued only once both runners poll, so neither can drain the queue before the other starts
        // (the first job settles everything, the others find nothing left while it runs: the race under test).
        await expect.poll(() => processes.every((p) => /^ready$/m.test(p.output)), { timeout: 90_000, interval: 100 }).toBe(true);
        const handle = await openDatabase(target);
        try {
          for (let i = 1; i <= 6; i += 1)
            await enqueueJob(handle.db, { name: 'settlement.run', key: `run-${i}`, payload: { key: `run-${i}` }, runAt: new Date(0) });
        } finally {
          await handle.close();
        }
        await expect
          .poll(() => processes.map((p) => (p.output.match(/^ran /gm) ?? []).length).reduce((a, b) => a + b, 0), { timeout: 120_000, interval: 200 })
          .toBe(6);
      } finally {
        for (const p of processes) p.child.kill('SIGKILL');
        await Promise.all(processes.map((p) => p.exited));
      }
      expect(processes.every((p) => /^ran /m.test(p.output))).toBe(true);
      await expectExactlyOnce(target, true);
    }, 300_000);
});
