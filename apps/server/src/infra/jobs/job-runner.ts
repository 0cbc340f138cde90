/**
 * The job runner (decision 026): periodic and deferred work on the database, so it runs the same on PGlite
 * alone and on PostgreSQL with several processes. Each process claims one due job at a time under a lease
 * it renews while the job runs; a process that dies mid-job leaves the lease to run out, and another
 * process (or this one after a restart) runs the job again — handlers are written to be re-run safely.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import * as clock from '../../core/clock.js';
import { currentRequestId, withRequestId } from '../../core/request-context.js';
import type { Database, Executor } from '../../db/client.js';
import * as repo from './jobs.repository.js';

export interface JobLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobRunnerOptions {
  db: Database;
  log: JobLog;
  /** Wait between looks for due jobs when none was due. */
  pollMs?: number;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** Run at the start of every tick (the shared test clock follows the database there). */
  beforeTick?: () => Promise<void>;
}

export interface JobRunner {
  /** A periodic job: first run `everyMs` after it is first scheduled, then `everyMs` after each run ends. */
  every(name: string, everyMs: number, run: () => Promise<void>): void;
  /** The handler of deferred jobs of this name (see `enqueueJob`). */
  define(name: string, run: JobHandler): void;
  /** Schedules the periodic jobs and starts looking for due jobs. */
  start(): Promise<void>;
  /** Runs due jobs until none is due (tests; the loop does the same). Returns how many ran. */
  runDue(): Promise<number>;
  /** Stops looking and waits for the job in progress. */
  stop(): Promise<void>;
  readonly workerId: string;
}

export interface EnqueueInput {
  name: string;
  /** Idempotency key: a second enqueue with the same key schedules nothing. */
  key: string;
  payload?: unknown;
  /** Business time (the clock) at which the job becomes due; now by default. */
  runAt?: Date;
  /** Runs before giving up (backoff doubles from 1 s, capped at 1 h). */
  maxAttempts?: number;
}

/** Schedules a one-off job; pass the business change's transaction so the job exists exactly when it does. */
export function enqueueJob(db: Executor, input: EnqueueInput): Promise<boolean> {
  return repo.insertOnce(db, {
    name: input.name,
    key: input.key,
    payload: input.payload ?? {},
    runAt: input.runAt ?? clock.now(),
    maxAttempts: input.maxAttempts ?? 10,
    // The request that scheduled it, so the job's log lines and frames carry its id (decision 081).
    requestId: currentRequestId() ?? null,
  });
}

const MAX_BACKOFF_MS = 3_600_000;

function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

function describe(error: unknown): string {
  return (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 4000);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const periodic = new Map<string, { everyMs: number; run: () => Promise<void> }>();
  const handlers = new Map<string, JobHandler>();

  let loop: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;

  /** A job runs under the id of the request that enqueued it, or its own (`job-<id>`), like a request (decision 081). */
  function runOne(job: repo.JobRow): Promise<void> {
    return withRequestId(job.requestId ?? `job-${job.id}`, () => runJob(job));
  }

  async function runJob(job: repo.JobRow): Promise<void> {
    const every = job.intervalMs;
    // Renewal is I/O timing, on the real clock: the lease itself is in database time.
    const renewal = setInterval(
      () => {
        repo.renewLease(db, job.id, workerId, leaseMs).then(
          (held) => {
            if (!held) log.warn({ job: job.name, id: String(job.id), requestId: currentRequestId() }, 'job lease lost: another process may run it again');
          },
          (error: unknown) => log.warn({ err: error, job: job.name }, 'job lease renewal failed'),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    try {
      if (every !== null) await periodic.get(job.name)!.run();
      else await handlers.get(job.name)!(job.payload);
      clearInterval(renewal);
      const done = clock.now();
      await repo.release(
        db,
        job.id,
        workerId,
        every !== null ? { runAt: new Date(done.getTime() + every), attempts: 0, lastError: null } : { finishedAt: done, lastError: null },
      );
    } catch (error) {
      clearInterval(renewal);
      log.error({ err: error, job: job.name, id: String(job.id), attempt: job.attempts, requestId: currentRequestId() }, 'job failed');
      const failedAt = clock.now().getTime();
      const gaveUp = every === null && job.maxAttempts > 0 && job.attempts >= job.maxAttempts;
      await repo.release(db, job.id, workerId, {
        lastError: describe(error),
        ...(gaveUp ? { finishedAt: new Date(failedAt) } : { runAt: new Date(failedAt + (every ?? backoffMs(job.attempts))) }),
      });
    }
  }

  async function runDue(): Promise<number> {
    const names = [...periodic.keys(), ...handlers.keys()];
    if (names.length === 0) return 0;
    await options.beforeTick?.();
    let ran = 0;
    while (!stopping) {
      const job = await repo.claimNext(db, names, clock.now(), workerId, leaseMs);
      if (!job) break;
      await runOne(job);
      ran += 1;
    }
    return ran;
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let ran = 0;
      try {
        ran = await runDue();
      } catch (error) {
        log.error({ err: error }, 'job runner tick failed');
      }
      if (stopping || ran > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    workerId,
    every(name, everyMs, runJob) {
      if (periodic.has(name) || handlers.has(name)) throw new Error(`job ${name} is defined twice`);
      periodic.set(name, { everyMs, run: runJob });
    },
    define(name, runJob) {
      if (periodic.has(name) || handlers.has(name)) throw new Error(`job ${name} is defined twice`);
      handlers.set(name, runJob);
    },
    async start() {
      if (loop) return;
      const at = clock.nowMs();
      for (const [name, { everyMs }] of periodic) await repo.upsertPeriodic(db, name, everyMs, new Date(at + everyMs));
      loop = run();
    },
    runDue,
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
