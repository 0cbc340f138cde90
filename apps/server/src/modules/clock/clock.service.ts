/**
 * Moving the business clock of a test deployment (decision 025). The offset is kept in the database so every
 * process of the deployment follows it: the process that is asked moves at once, the others on their next
 * job-runner tick (and at start). Nothing here runs unless CLOCK_ADJUSTABLE is on.
 */
import { ClockNotAdjustableError, clockOffsetMs, isClockAdjustable, now, setClockOffset } from '../../core/clock.js';
import type { Database } from '../../db/client.js';
import * as repo from './clock.repository.js';

export type ClockChange = { offset_ms: number } | { advance_ms: number };

/**
 * Writes the deployment's new offset in the caller's transaction and answers it; `applyClock` moves this process
 * once that committed (decision 093), so a rolled-back move leaves the process where the database says it is.
 */
export async function moveClock(db: Database, change: ClockChange): Promise<number> {
  if (!isClockAdjustable()) throw new ClockNotAdjustableError();
  // Start from the shared value, so two processes advancing in turn add up.
  const base = (await repo.readOffset(db)) ?? clockOffsetMs();
  const offset = 'offset_ms' in change ? change.offset_ms : base + change.advance_ms;
  if (!Number.isSafeInteger(offset)) throw new RangeError(`clock offset must be a whole number of milliseconds, got ${offset}`);
  await repo.writeOffset(db, offset);
  return offset;
}

/** This process's clock moved to a committed offset, as the route answers it. */
export function applyClock(offset: number): { now: string; offset_ms: number } {
  setClockOffset(offset);
  return { now: now().toISOString(), offset_ms: clockOffsetMs() };
}

/** Applies the deployment's shared offset to this process; a no-op unless the clock is adjustable. */
export async function followSharedClock(db: Database): Promise<void> {
  if (!isClockAdjustable()) return;
  const shared = await repo.readOffset(db);
  if (shared !== null && shared !== clockOffsetMs()) setClockOffset(shared);
}
