/**
 * Moving the business clock of a test deployment (decision 025). The offset is kept in the database so every
 * process of the deployment follows it: the process that is asked moves at once, the others on their next
 * job-runner tick (and at start). Nothing here runs unless CLOCK_ADJUSTABLE is on.
 *
 * Each move raises the row's version, and a process applies an offset only if its version is newer than the one it
 * holds (`followClockOffset`): a job-runner tick that read the row just before a move committed can no longer set
 * the old offset back after the move applied the new one (issue 27, decision 105).
 */
import { ClockNotAdjustableError, clockOffsetMs, followClockOffset, isClockAdjustable, now } from '../../core/clock.js';
import type { Database } from '../../db/client.js';
import * as repo from './clock.repository.js';
import type { SharedOffset } from './clock.repository.js';

export type ClockChange = { offset_ms: number } | { advance_ms: number };

/**
 * Writes the deployment's new offset in the caller's transaction and answers it; `applyClock` moves this process
 * once that committed (decision 093), so a rolled-back move leaves the process where the database says it is.
 */
export async function moveClock(db: Database, change: ClockChange): Promise<SharedOffset> {
  if (!isClockAdjustable()) throw new ClockNotAdjustableError();
  const wanted = 'offset_ms' in change ? change.offset_ms : clockOffsetMs() + change.advance_ms;
  if (!Number.isSafeInteger(wanted)) throw new RangeError(`clock offset must be a whole number of milliseconds, got ${wanted}`);
  const moved = await repo.moveOffset(db, 'offset_ms' in change ? { set: change.offset_ms } : { advance: change.advance_ms, fallbackBase: clockOffsetMs() });
  if (!Number.isSafeInteger(moved.offsetMs)) throw new RangeError(`clock offset must be a whole number of milliseconds, got ${moved.offsetMs}`);
  return moved;
}

/** This process's clock moved to a committed offset (unless a newer one is already here), as the route answers it. */
export function applyClock(moved: SharedOffset): { now: string; offset_ms: number } {
  followClockOffset(moved.offsetMs, moved.version);
  return { now: now().toISOString(), offset_ms: clockOffsetMs() };
}

/** Applies the deployment's shared offset to this process; a no-op unless the clock is adjustable. */
export async function followSharedClock(db: Database): Promise<void> {
  if (!isClockAdjustable()) return;
  const shared = await repo.readOffset(db);
  if (shared !== null) followClockOffset(shared.offsetMs, shared.version);
}
