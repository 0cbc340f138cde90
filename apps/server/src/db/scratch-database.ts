/**
 * A throwaway PostgreSQL database on the server behind `serverUrl`: created empty, migrated by
 * openDatabase, dropped on close. Tests and the benchmark use it so they never touch real data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client.js';

/** Runs one statement on its own connection (create/drop database cannot run inside a transaction). */
export async function runAdminStatement(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A test database commits without waiting for the disk (decision 099): it is dropped at the end and never outlives a
 * crash, and a commit's fsync was most of an integration suite's time on PostgreSQL (~15 ms against ~2 ms per
 * commit on this machine's disk). Transactions, locks and visibility are unchanged; only durability on a crash is
 * given up. The benchmarks keep durable commits, so their figures stay those of a real deployment.
 */
export const NON_DURABLE_COMMITS = 'synchronous_commit = off';

export async function openScratchPostgres(serverUrl: string, prefix: string, options: { durable?: boolean } = {}): Promise<DatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(serverUrl, `create database ${name}`);
  if (options.durable === false) await runAdminStatement(serverUrl, `alter database ${name} set ${NON_DURABLE_COMMITS}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdminStatement(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
