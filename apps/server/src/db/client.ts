/**
 * Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is given.
 * Both speak the same SQL and run the same committed migrations; the rest of the server sees one type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { lockDataDir } from './data-dir-lock.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take `Database | Transaction` so services decide the boundary. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** apps/server/drizzle, seen from src/db/ (tsx, tests) or from the bundled dist/server.js. */
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((relative) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), relative))
  .find((folder) => fs.existsSync(path.join(folder, 'meta/_journal.json')))!;
/** Any constant: serializes migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_311_001;

/**
 * PGlite's NODEFS mount has no fsync: Emscripten's fsync() on it succeeds without touching the disk. This
 * mount adds the real one, so PostgreSQL's fsync of the WAL at commit (and of data files at checkpoint) reaches
 * the disk. fdatasync() stays a no-op in Emscripten, hence wal_sync_method=fsync below.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const options = result.emscriptenOpts as { preRun: ((mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => void)[] };
    options.preRun.push((mod) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        // Directories are opened without a host descriptor; only files have one to sync.
        if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
        return 0;
      };
    });
    return result;
  }
}

/**
 * PGlite starts PostgreSQL with -F (fsync off): a commit is acknowledged once written to the page cache, so a
 * power loss can drop acknowledged money movements. Without -F, with synchronous_commit on (the default),
 * a commit returns after its WAL record is fsynced.
 */
export const durableStartParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; onIdleError?: (error: Error) => void };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 20 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
    // discards it and opens a fresh one on the next query.
    pool.on('error', (error) => target.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const release = target.dataDir ? lockDataDir(target.dataDir) : () => undefined;
  try {
    // In memory (tests) there is no disk to sync to.
    const client = target.dataDir ? new PGlite({ fs: new DurableNodeFS(path.join(target.dataDir, 'pglite')), startParams: durableStartParams }) : new PGlite();
    await client.waitReady;
    const pgliteDb = drizzlePglite(client, { schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    return {
      db: pgliteDb as unknown as Database,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Liveness probe used at start and by the health route. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
