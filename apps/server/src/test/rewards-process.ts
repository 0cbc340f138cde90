/**
 * The reward engine in its own process, for the crash and two-process tests (decision 065). It opens DATABASE_URL
 * (PostgreSQL) or DATA_DIR (PGlite), prints `ready`, waits until START_AT_MS (so two processes start together), runs
 * the engine in batches of BATCH events and prints `ran <handled>`. With HANG_AT=n it prints `inside <n>` after the
 * n-th event, inside that batch's transaction before its commit, and stops there for good (the test kills it).
 */
import { openDatabase } from '../db/client.js';
import { runRewards } from '../modules/rewards/rewards.service.js';

const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite', dataDir: process.env.DATA_DIR! },
);
const hangAt = Number(process.env.HANG_AT ?? 0);
let handled = 0;
console.log('ready');
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.START_AT_MS ?? 0) - Date.now())));
const total = await runRewards(database.db, {
  batchSize: Number(process.env.BATCH ?? 10),
  afterEvent: async () => {
    handled += 1;
    if (handled === hangAt) {
      console.log(`inside ${handled}`);
      await new Promise(() => undefined);
    }
  },
});
console.log(`ran ${total}`);
await database.close();
