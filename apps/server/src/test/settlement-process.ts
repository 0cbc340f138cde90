/**
 * A job runner in its own process running the settlements (decision 056), for the crash and two-process tests.
 * It opens DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), prints `ready`, and runs `settlement.run` jobs: the
 * mining then the pledge settlement at business time NOW_MS, BATCH rows per statement, printing `ran <key>`.
 * With HANG_AT=n it prints `inside <n>` inside the n-th batch's transaction, before its commit, and stops there
 * for good (the test kills the process).
 */
import { openDatabase } from '../db/client.js';
import { createJobRunner } from '../infra/jobs/job-runner.js';
import { settleMining } from '../modules/mining/mining.service.js';
import { settlePledge } from '../modules/pledge/pledge.service.js';

const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite', dataDir: process.env.DATA_DIR! },
);
const now = new Date(Number(process.env.NOW_MS));
const batch = Number(process.env.BATCH ?? 50);
const hangAt = Number(process.env.HANG_AT ?? 0);
let batches = 0;
const insideBatch = async () => {
  batches += 1;
  if (batches === hangAt) {
    console.log(`inside ${batches}`);
    await new Promise(() => undefined);
  }
};

const runner = createJobRunner({
  db: database.db,
  log: { error: (details, message) => console.error(message, details), warn: (details, message) => console.error(message, details) },
  pollMs: 20,
  leaseMs: 60_000,
});
runner.define('settlement.run', async (payload) => {
  await settleMining(database.db, now, { insideBatch }, batch);
  await settlePledge(database.db, now, { insideBatch }, batch);
  console.log(`ran ${(payload as { key: string }).key}`);
});
await runner.start();
console.log('ready');
