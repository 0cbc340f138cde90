/**
 * PostgreSQL ending a connection in the middle of a transaction (a restart, a failover, an operator's
 * pg_terminate_backend) fails that transaction with an error `isDatabaseUnavailable` recognises, does not end the
 * process (an unhandled 'error' on the checked-out client would), and the next query gets a fresh connection: the
 * server recovers without a restart (decision 128).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredService } from '../test/required-services.js';
import { createScratchDatabaseUrl } from '../test/server-process.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { isDatabaseUnavailable } from './unavailable.js';

const serverUrl = requiredService('TEST_DATABASE_URL');

describe.runIf(serverUrl)('a connection ended under an open transaction', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabaseUrl(serverUrl!, 'reef_connection_loss');
    handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('fails that transaction as "unavailable", keeps the process, and the next query answers', async () => {
    const killer = new pg.Client({ connectionString: scratch.url });
    await killer.connect();
    let failure: unknown = null;
    try {
      await handle.db.transaction(async (tx) => {
        const pid = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        await killer.query('select pg_terminate_backend($1)', [pid.rows[0]!.pid]);
        // Idle in transaction while the server ends the connection: the client learns it from the socket.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      failure = error;
    } finally {
      await killer.end();
    }
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const answer = (await handle.db.execute(sql`select 41 + 1 as n`)) as unknown as { rows: { n: number }[] };
    expect(answer.rows[0]!.n).toBe(42);
  });
});
