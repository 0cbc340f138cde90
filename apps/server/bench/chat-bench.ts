/**
 * `npm run bench:chat -w @reef/server`: only the chat section of `npm run bench` (socket-bench.ts), on
 * PGlite and, with DATABASE_URL, on PostgreSQL. BENCH_CPU_PROF=<dir> profiles the server during each load phase.
 */
import os from 'node:os';
import { openScratchPostgres } from '../src/db/scratch-database.js';
import { openPgliteBenchDatabase } from './common.js';
import { runSocketBench } from './socket-bench.js';

const kinds = (process.env.BENCH_KINDS ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
console.log(
  `Chat benchmark, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} at start\n`,
);
for (const kind of kinds) {
  await runSocketBench(kind, async () => {
    if (kind === 'postgres') return openScratchPostgres(process.env.DATABASE_URL!, 'reef_bench_chat');
    return openPgliteBenchDatabase('reef-bench-chat-');
  });
}
