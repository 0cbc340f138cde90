/**
 * Issue 16 §2 "schema migrations run once at start under a lock, also with several processes starting together on
 * PostgreSQL" (decision 081): three server processes started at the same moment on one fresh database all come up,
 * and every committed migration was applied exactly once (one row each in drizzle's journal, the schema complete).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';
import { requiredService } from '../test/required-services.js';
import { createScratchDatabaseUrl, startServerProcess, type ServerProcess } from '../test/server-process.js';

const databaseServer = requiredService('TEST_DATABASE_URL');

describe.runIf(databaseServer)('three processes starting on one fresh PostgreSQL database', () => {
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  it('migrate it once, and all three serve', async () => {
    const database = await createScratchDatabaseUrl(databaseServer!, 'reef_migrate_once');
    drop = database.drop;
    const starts = await Promise.allSettled([0, 1, 2].map(() => startServerProcess({ DATABASE_URL: database.url })));
    for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value);
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 2000) : 'up'))).toEqual(['up', 'up', 'up']);

    for (const server of servers) expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);

    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id');
      expect(applied.rows.length).toBe(journal.entries.length);
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
      // The last migration's change is there: the schema is complete.
      const column = await client.query(`select 1 from information_schema.columns where table_name = 'jobs' and column_name = 'request_id'`);
      expect(column.rows.length).toBe(1);
    } finally {
      await client.end();
    }
  }, 180_000);
});
