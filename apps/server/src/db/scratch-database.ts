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

export async function openScratchPostgres(serverUrl: string, prefix: string): Promise<DatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(serverUrl, `create database ${name}`);
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
