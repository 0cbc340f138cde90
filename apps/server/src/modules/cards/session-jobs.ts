/**
 * Card sessions on the job runner (decision 051). Each session has a deferred open job and a close job, keyed by
 * the session and its time (`cards.service.ts` `enqueueSessionJobs`); a periodic job writes the weekly schedules'
 * sessions ahead. A job first commits the session's new state, then runs the market's work for it
 * (`trading/session-handlers.ts` `onSessionOpen` / `onSessionClose`), which is safe to repeat: a job that fails
 * after the state change runs again, finds the state already changed and repeats only the market's part.
 *
 * This file imports both the sessions' rooms and the market's so that neither imports the other.
 */
import type { Database, Transaction } from '../../db/client.js';
import type { JobRunner } from '../../infra/jobs/job-runner.js';
import * as cards from './cards.service.js';
import { materialiseSchedules } from './operators/schedules.js';
import { adminCloseSession, adminOpenSession, adminSessionAnswer } from './operators/sessions.js';
import { forgetSnapshot } from './starter-cards.js';
import * as trading from './trading/session-handlers.js';

/** Registers work that runs once the caller's transaction committed (the admin route's `afterCommit`). */
type AfterCommitHook = (effect: () => unknown) => void;

export const SCHEDULES_JOB = 'cards.materialise-schedules';
const SCHEDULES_EVERY_MS = 10 * 60_000;

function sessionIdOf(payload: unknown): number {
  const id = (payload as { sessionId?: unknown } | null)?.sessionId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new Error('a session job needs a numeric sessionId');
  return id;
}

/** The open job: the session is marked open (when the clock is inside its window), then the market's opening work. */
export async function runSessionOpen(db: Database, sessionId: number): Promise<void> {
  const session = await cards.markOpen(db, sessionId);
  if (session) await trading.onSessionOpen(db, session);
}

/** The close job: the session is marked closed (once its window has passed), then the market releases its orders. */
export async function runSessionClose(db: Database, sessionId: number): Promise<void> {
  const session = await cards.markClosed(db, sessionId);
  if (session) await trading.onSessionClose(db, session);
}

/**
 * An operator's open: the state change in the caller's (audited) transaction, then, once that committed, the same
 * market work as the job's on `db` — many short transactions of their own, never inside the operator's (decision 093).
 */
export async function openSessionNow(tx: Transaction, db: Database, afterCommit: AfterCommitHook, operatorId: number, sessionId: number) {
  const session = await adminOpenSession(tx, operatorId, sessionId);
  afterCommit(() => forgetSnapshot(db, session.cardTypeId));
  afterCommit(() => trading.onSessionOpen(db, session));
  return adminSessionAnswer(session);
}

/** An operator's close: the state change (audited), then, once committed, the market releases the session's waiting orders. */
export async function closeSessionNow(tx: Transaction, db: Database, afterCommit: AfterCommitHook, operatorId: number, sessionId: number) {
  const session = await adminCloseSession(tx, operatorId, sessionId);
  afterCommit(() => forgetSnapshot(db, session.cardTypeId));
  if (session.state === 'closed') afterCommit(() => trading.onSessionClose(db, session));
  return adminSessionAnswer(session);
}

export function registerCardJobs(runner: JobRunner, db: Database): void {
  runner.define(cards.SESSION_OPEN_JOB, (payload) => runSessionOpen(db, sessionIdOf(payload)));
  runner.define(cards.SESSION_CLOSE_JOB, (payload) => runSessionClose(db, sessionIdOf(payload)));
  runner.every(SCHEDULES_JOB, SCHEDULES_EVERY_MS, async () => {
    await materialiseSchedules(db);
  });
}
