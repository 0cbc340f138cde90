/**
 * Decision 093 on real server processes: an admin write and its audit row commit together. The test makes the
 * database stall an adjustment after its change and its audit row are written, before the commit, with nothing in
 * the server's code: a trigger on `audit_log` that sleeps when the memo asks it to. SIGKILL during the stall finds
 * neither the change nor the row once the database is open again (PostgreSQL rolls back the dead connection's
 * transaction; PGlite's recovery discards a transaction whose commit never reached its WAL); the same stall left to
 * finish finds both.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { databaseKinds, migratedPgliteDataDir, type DatabaseKind } from '../../test/harness.js';
import {
  callApi,
  createScratchDatabaseUrl,
  exited,
  freePort,
  signInOverHttp,
  spawnServer,
  stopProcess,
  waitUntilAnswering,
  type HttpUser,
} from '../../test/server-process.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the embedded database's data directory is mounted inside PGlite (its NODEFS mount). */
const PGLITE_MOUNT = '/pglite/data';
const STALL_MARK = 'audit-stalled';

/**
 * Sleeps in the audit row's own transaction when the request's memo is `stall <seconds>`, after leaving a mark the
 * test can see: on PostgreSQL the session's wait event, on PGlite a file in its data directory (the test cannot
 * query a database another process owns).
 */
function stallTrigger(kind: DatabaseKind): string[] {
  const mark =
    kind === 'postgres' ? '' : `execute format('copy (select 1) to %L', '${PGLITE_MOUNT}/${STALL_MARK}-' || split_part(new.request->>'memo', ' ', 2));`;
  return [
    `create function stall_audit() returns trigger language plpgsql as $$
    begin
      if new.request->>'memo' like 'stall %' then
        ${mark}
        perform pg_sleep(split_part(new.request->>'memo', ' ', 2)::float8);
      end if;
      return new;
    end $$`,
    `create trigger stall_audit after insert on audit_log for each row execute function stall_audit()`,
  ];
}

interface Deployment {
  kind: DatabaseKind;
  env: Record<string, string>;
  dir: string;
  adminWallet: PrivateKeyAccount;
  /** A connection of the test's own (PostgreSQL only: PGlite serves one process). */
  watcher?: DatabaseHandle;
  drop?: () => Promise<void>;
}

interface Running {
  child: ChildProcess;
  origin: string;
  log: () => string;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function deploy(kind: DatabaseKind): Promise<Deployment> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reef-audit-kill-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const adminWallet = privateKeyToAccount(generatePrivateKey());
  const env: Record<string, string> = { DATA_DIR: dir, ADMIN_ADDRESSES: adminWallet.address };
  if (kind === 'pglite') {
    await migratedPgliteDataDir(dir);
    return { kind, env, dir, adminWallet };
  }
  const scratch = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL!, 'reef_audit_kill');
  env.DATABASE_URL = scratch.url;
  const watcher = await openDatabase({ kind: 'postgres', url: scratch.url });
  // The server's sessions check their client every 100 ms while a statement runs, so a killed server's sleeping
  // transaction ends at once; left alone it would end (rolled back just the same) when the sleep did.
  const name = new URL(scratch.url).pathname.slice(1);
  await watcher.db.execute(sql.raw(`alter database ${name} set client_connection_check_interval = '100ms'`));
  cleanups.push(async () => {
    await watcher.close();
    await scratch.drop();
  });
  return { kind, env, dir, adminWallet, watcher };
}

async function start(d: Deployment): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child, log } = spawnServer(['--import', 'tsx', path.join(SERVER_DIR, 'src/server.ts')], { cwd: SERVER_DIR, port, origin, env: d.env, logLines: 200 });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  });
  await waitUntilAnswering(child, origin, 90_000, log);
  return { child, origin, log };
}

/** Installs the trigger: over the test's own connection, or (PGlite) in the data directory while no server runs. */
async function installStall(d: Deployment): Promise<void> {
  if (d.watcher) {
    for (const statement of stallTrigger('postgres')) await d.watcher.db.execute(sql.raw(statement));
    return;
  }
  const local = await openDatabase({ kind: 'pglite', dataDir: d.dir });
  try {
    for (const statement of stallTrigger('pglite')) await local.db.execute(sql.raw(statement));
  } finally {
    await local.close();
  }
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleepingSessions = async (watcher: DatabaseHandle) =>
  (
    (await watcher.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe.each(databaseKinds)('an admin write and its audit row on a killed server (%s)', (kind) => {
  it('SIGKILL while the transaction stalls before commit leaves neither; the same stall left to finish leaves both', { timeout: 600_000 }, async () => {
    const d = await deploy(kind);
    let server = await start(d);
    const admin = await signInOverHttp(server.origin, d.adminWallet);
    const alice: HttpUser = await signInOverHttp(server.origin);
    const adjust = (memo: string) =>
      callApi(server.origin, 'POST', '/api/admin/ledger/adjust', admin.token, { uid: alice.uid, asset: 'usdt', amount: '5', memo });
    const usdt = async () =>
      ((await callApi(server.origin, 'GET', `/api/admin/users/${alice.uid}`, admin.token)).data.balances as { asset: string; amount: string }[]).find(
        (b) => b.asset === 'usdt',
      )?.amount ?? '0.00000000';
    const auditRows = async (memo: string) =>
      (await callApi(server.origin, 'GET', `/api/admin/audit?q=${encodeURIComponent(memo)}`, admin.token)).data.total as number;

    if (kind === 'pglite') {
      expect(await stopProcess(server.child, 30_000)).toBe(0);
      await installStall(d);
      server = await start(d);
    } else {
      await installStall(d);
    }

    // Left to finish, the stall only delays the commit: the change and its row are both there.
    const finished = await adjust('stall 1 finish');
    expect(finished.status).toBe(200);
    expect(await usdt()).toBe('5.00000000');
    expect(await auditRows('stall 1 finish')).toBe(1);

    // Killed during the stall: the adjustment and its audit row are written, not committed.
    const killed = adjust('stall 120 kill').then(
      () => 'answered',
      () => 'connection lost',
    );
    await until(
      () => (d.watcher ? sleepingSessions(d.watcher).then((n) => n > 0) : existsSync(path.join(d.dir, 'pglite', `${STALL_MARK}-120`))),
      'the transaction to stall',
    );
    server.child.kill('SIGKILL');
    await exited(server.child);
    expect(await killed).toBe('connection lost');
    // PostgreSQL: the dead client's session ends (its transaction rolled back), not merely waits.
    if (d.watcher) await until(async () => (await sleepingSessions(d.watcher!)) === 0, 'the killed server’s session to end');

    // The next open of the database (PGlite: crash recovery from its WAL) finds neither.
    server = await start(d);
    const balance = await usdt();
    const rows = await auditRows('stall 120 kill');
    expect({ balance, rows }).toEqual({ balance: '5.00000000', rows: 0 });
    expect(await auditRows('stall 1 finish')).toBe(1);
    expect(await stopProcess(server.child, 30_000)).toBe(0);
  });
});
