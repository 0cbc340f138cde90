import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Creates a periodic job's row, or takes the interval of this deploy; a row already scheduled keeps its
 * time unless the new interval brings it closer.
 */
export async function upsertPeriodic(db: Executor, name: string, intervalMs: number, firstRunAt: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ name, key: `periodic:${name}`, intervalMs, runAt: firstRunAt, maxAttempts: 0 })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { intervalMs, finishedAt: null, runAt: sql`least(${jobs.runAt}, ${firstRunAt.toISOString()}::timestamptz)` },
    });
}

/** Schedules a one-off job once per key; false when the key was already there. */
export async function insertOnce(
  db: Executor,
  values: { name: string; key: string; payload: unknown; runAt: Date; maxAttempts: number; requestId: string | null },
): Promise<boolean> {
  const rows = await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.key }).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Takes the next due job this runner can run. Due-ness is business time (`now`, so a moved clock makes a
 * settlement due); the lease is the database's own time, one clock for every process. SKIP LOCKED lets
 * several processes claim side by side without waiting on each other or taking the same row.
 */
export async function claimNext(db: Executor, names: string[], now: Date, workerId: string, leaseMs: number): Promise<JobRow | undefined> {
  const result = await db.execute(sql`
    update jobs
       set locked_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond',
           locked_by = ${workerId},
           attempts = attempts + 1
     where id = (
       select id from jobs
        where finished_at is null
          and run_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until < clock_timestamp())
          and name in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})
        order by run_at, id
        for update skip locked
        limit 1)
    returning id`);
  const row = (result as unknown as { rows: { id: string | number }[] }).rows[0];
  if (!row) return undefined;
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, BigInt(row.id)));
  return job;
}

/** Extends the lease while the job still belongs to this worker; false when it was lost. */
export async function renewLease(db: Executor, id: bigint, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records the outcome of a run, only if the lease is still this worker's. */
export async function release(
  db: Executor,
  id: bigint,
  workerId: string,
  outcome: { runAt?: Date; finishedAt?: Date; attempts?: number; lastError: string | null },
): Promise<void> {
  await db
    .update(jobs)
    .set({ ...outcome, lockedUntil: null, lockedBy: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

export async function findByKey(db: Executor, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

/**
 * Unfinished jobs by state, for `GET /metrics`: running (leased, on the database's clock like the lease), due (waiting
 * for a runner at business time `now`) and scheduled (later).
 */
export async function queueDepth(db: Executor, now: Date): Promise<{ due: number; running: number; scheduled: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const running = sql`(${jobs.lockedUntil} is not null and ${jobs.lockedUntil} > clock_timestamp())`;
  const [row] = await db
    .select({
      due: sql<string>`count(*) filter (where ${jobs.runAt} <= ${at} and not ${running})`,
      running: sql<string>`count(*) filter (where ${running})`,
      scheduled: sql<string>`count(*) filter (where ${jobs.runAt} > ${at} and not ${running})`,
    })
    .from(jobs)
    .where(sql`${jobs.finishedAt} is null`);
  return { due: Number(row?.due ?? 0), running: Number(row?.running ?? 0), scheduled: Number(row?.scheduled ?? 0) };
}
