/**
 * Moving the business clock of a test deployment (decision 025). The offset is kept in the database so every
 * process of the deployment follows it: the process that is asked moves at once, the others on their next
 * job-runner tick (and at start). Nothing here runs unless CLOCK_ADJUSTABLE is on.
 */
import { advanceClock, clockOffsetMs, isClockAdjustable, now, setClockOffset } from '../../core/clock.js';
import type { Database } from '../../db/client.js';
import * as repo from './clock.repository.js';

export type ClockChange = { offset_ms: number } | { advance_ms: number };

export async function moveClock(db: Database, change: ClockChange): Promise<{ now: string; offset_ms: number }> {
  // Start from the shared value, so two processes advancing in turn add up.
  await followSharedClock(db);
  if ('offset_ms' in change) setClockOffset(change.offset_ms);
  else advanceClock(change.advance_ms);
  await repo.writeOffset(db, clockOffsetMs());
  return { now: now().toISOString(), offset_ms: clockOffsetMs() };
}

/** Applies the deployment's shared offset to this process; a no-op unless the clock is adjustable. */
export async function followSharedClock(db: Database): Promise<void> {
  if (!isClockAdjustable()) return;
  const shared = await repo.readOffset(db);
  if (shared !== null && shared !== clockOffsetMs()) setClockOffset(shared);
}
