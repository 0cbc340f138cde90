/**
 * Exactly once across processes (decision 065): an engine process SIGKILLed inside a batch (both databases), and
 * two engine processes at once on one PostgreSQL. Each purchase is rewarded once, the books balance, and what the
 * rewards account paid equals what the engine decided.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../../db/client.js';
import { databaseKinds, migratedPgliteDataDir } from '../../test/harness.js';
import { rewardFacts, seedRewardLoad } from '../../test/rewards-kit.js';
import { createScratchDatabaseUrl } from '../../test/server-process.js';
import { runRewards } from './rewards.service.js';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/rewards-process.ts');
// 40 members (fan-out 3, levels 0..3), 60 purchases by the deeper half.
const LOAD = { members: 40, purchases: 60 };

function engineProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BATCH: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '', exited: new Promise((resolve) => child.once('exit', resolve)), child };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (state.output += chunk));
  return state;
}

describe.each(databaseKinds)('reward engine processes (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** A database with the load; the handle is closed (PGlite: one process per directory). */
  async function prepared(): Promise<{ target: DatabaseTarget; env: Record<string, string> }> {
    let target: DatabaseTarget;
    let env: Record<string, string>;
    if (kind === 'pglite') {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-rewards-'));
      cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
      await migratedPgliteDataDir(dir);
      target = { kind: 'pglite', dataDir: dir };
      env = { DATA_DIR: dir };
    } else {
      const scratch = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL!, 'reef_rewards');
      cleanups.push(() => scratch.drop());
      target = { kind: 'postgres', url: scratch.url };
      env = { DATABASE_URL: scratch.url };
    }
    const handle = await openDatabase(target);
    try {
      await seedRewardLoad(handle.db, LOAD);
    } finally {
      await handle.close();
    }
    return { target, env };
  }

  async function facts(target: DatabaseTarget, finish: boolean) {
    const handle = await openDatabase(target);
    try {
      if (finish) await runRewards(handle.db);
      return await rewardFacts(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('an engine killed (SIGKILL) inside a batch leaves nothing of it; the next run rewards the rest once', async () => {
    const { target, env } = await prepared();
    const child = engineProcess({ ...env, HANG_AT: '25' });
    try {
      await expect.poll(() => child.output, { timeout: 90_000, interval: 100 }).toContain('inside 25');
    } finally {
      child.child.kill('SIGKILL');
      await child.exited;
    }
    // Batches 1 and 2 (events 1–20) committed; the third died with everything it did.
    const half = await facts(target, false);
    expect(half.duplicates).toBe(0);
    expect(half.unbalanced).toBe(0);
    expect(half.paidFromSystem).toBe(half.decided);
    const handle = await openDatabase(target);
    try {
      const cursor = await handle.db.execute(
        sql`select (select last_id from event_consumers where name = 'rewards') = (select max(id) from (select id from business_events order by id limit 20) first) as at`,
      );
      expect((cursor as unknown as { rows: { at: boolean }[] }).rows[0]!.at).toBe(true);
    } finally {
      await handle.close();
    }

    const done = await facts(target, true);
    expect(done.events).toBe(LOAD.purchases);
    expect(done.duplicates).toBe(0);
    expect(done.unbalanced).toBe(0);
    expect(done.paidFromSystem).toBe(done.decided);
    expect(done.decided).toBeGreaterThan(half.decided);
    // A run after that pays nothing more.
    expect(await facts(target, true)).toEqual(done);
  }, 300_000);

  if (kind === 'postgres')
    it('two engine processes at once reward every purchase once', async () => {
      const { target, env } = await prepared();
      const startAt = String(Date.now() + 8_000);
      const processes = [engineProcess({ ...env, START_AT_MS: startAt }), engineProcess({ ...env, START_AT_MS: startAt })];
      try {
        await expect.poll(() => processes.every((p) => /^ran \d+$/m.test(p.output)), { timeout: 120_000, interval: 200 }).toBe(true);
      } finally {
        for (const p of processes) p.child.kill('SIGKILL');
        await Promise.all(processes.map((p) => p.exited));
      }
      const handled = processes.map((p) => Number(/^ran (\d+)$/m.exec(p.output)![1]));
      const done = await facts(target, false);
      // Every event handled by exactly one of the two.
      const handle = await openDatabase(target);
      try {
        const count = await handle.db.execute(sql`select count(*)::int as n from business_events`);
        expect(handled[0]! + handled[1]!).toBe((count as unknown as { rows: { n: number }[] }).rows[0]!.n);
      } finally {
        await handle.close();
      }
      expect(done.events).toBe(LOAD.purchases);
      expect(done.duplicates).toBe(0);
      expect(done.unbalanced).toBe(0);
      expect(done.paidFromSystem).toBe(done.decided);
    }, 300_000);
});
