/**
 * Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is given.
 * Both speak the same SQL and run the same committed migrations; the rest of the server sees one type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteWorker } from './pglite-worker-client.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take `Database | Transaction` so services decide the boundary. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's data directory as a gzipped tar, consistent (`npm run backup`, decision 081); PGlite only. */
  dump?: () => Promise<Uint8Array>;
}

/** apps/server/drizzle, seen from src/db/ (tsx, tests) or from the bundled dist/server.js. */
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((relative) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), relative))
  .find((folder) => fs.existsSync(path.join(folder, 'meta/_journal.json')))!;
/** Any constant: serializes migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_311_001;

export type DatabaseTarget =
  /** `template`: for an in-memory database only, a dump to start from (the test harness's migrated copy). */
  { kind: 'pglite'; dataDir: string | null; template?: Uint8Array } | { kind: 'postgres'; url: string; onIdleError?: (error: Error) => void };

/**
 * Databases that run one transaction at a time (PGlite: one session, decision 040). There a later transaction
 * always has a higher id than every one committed before it, which lets chat group messages of different
 * conversations in one statement (decision 068).
 */
const oneTransactionAtATime = new WeakSet<Database>();
export const runsOneTransactionAtATime = (db: Database): boolean => oneTransactionAtATime.has(db);

/** How long a new connection to PostgreSQL may take before the request fails as "unavailable". */
const CONNECT_TIMEOUT_MS = 5_000;

class ClientWithConnectTimeout extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // A database that does not answer a new connection within 5 s is down for this request: it fails with the 503
    // envelope (db/unavailable.ts) instead of waiting for as long as the client does (decision 128). Set on the
    // client, not the pool: the pool's own time-out would also bound the wait for a free connection, and a burst
    // queueing for the pool must wait its turn, not fail.
    const pool = new pg.Pool({ connectionString: target.url, max: 20, Client: ClientWithConnectTimeout });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
    // discards it and opens a fresh one on the next query.
    pool.on('error', (error) => target.onIdleError?.(error));
    // A connection the server ends while it is checked out (PostgreSQL restarting under an open transaction) emits
    // 'error' on its client, and an unhandled 'error' ends the process. The statement waiting on it fails instead
    // (the 503 envelope, db/unavailable.ts) and the pool drops the client when it is released (decision 128).
    pool.on('connect', (client) => client.on('error', () => undefined));
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
    // PGlite in its own thread (decision 040), with commits fsynced to the data directory.
    const client = target.dataDir ? new PGliteWorker(path.join(target.dataDir, 'pglite')) : new PGliteWorker(null, target.template ?? null);
    // Drizzle's PGlite driver calls only query(), exec() and transaction(), which the worker's client provides.
    const pgliteDb = drizzlePglite(client as unknown as PGlite, { schema });
    try {
      await client.waitReady;
      await migratePglite(pgliteDb, { migrationsFolder });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    oneTransactionAtATime.add(pgliteDb as unknown as Database);
    return {
      db: pgliteDb as unknown as Database,
      kind: 'pglite',
      dump: () => client.dumpDataDir(),
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
