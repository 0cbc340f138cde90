/**
 * A job runner in its own process, for the tests that need real processes on one PostgreSQL. It opens
 * DATABASE_URL, prints `ready`, and runs two kinds of probe job under a lease of LEASE_MS:
 * `probe.hang` prints `started <key>` and never finishes (the test kills the process mid-job);
 * `probe.record` writes `(key, this process's worker id)` into the test's `job_probe` table.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { createJobRunner } from '../infra/jobs/job-runner.js';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
const runner = createJobRunner({
  db: database.db,
  log: { error: (details, message) => console.error(message, details), warn: (details, message) => console.error(message, details) },
  pollMs: 20,
  leaseMs: Number(process.env.LEASE_MS),
});
runner.define('probe.hang', async (payload) => {
  console.log(`started ${(payload as { key: string }).key}`);
  await new Promise(() => undefined);
});
runner.define('probe.record', async (payload) => {
  await database.db.execute(sql`insert into job_probe (key, worker) values (${(payload as { key: string }).key}, ${runner.workerId})`);
  // Long enough that the other process claims the next job while this one is busy.
  await new Promise((resolve) => setTimeout(resolve, 20));
});
await runner.start();
console.log('ready');
