/**
 * The server's one source of business time. Everything that decides with time (expiry, windows, the day
 * of an income, when a job is due) asks `now()`; pure timing of I/O (time-outs, latency, idle sockets)
 * stays on the real clock. Tests and browser tests move this clock with an offset; that is refused
 * unless the configuration made the clock adjustable, which config.ts refuses in production.
 */

export class ClockNotAdjustableError extends Error {
  constructor() {
    super('the clock is not adjustable here (CLOCK_ADJUSTABLE is off)');
  }
}

let adjustable = false;
let offsetMs = 0;
/** The version of the deployment's stored offset this process holds (0: none yet); see `followClockOffset`. */
let offsetVersion = 0;

/** Business time as a Date: the real time plus the test offset (0 in production). */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Business time in epoch milliseconds. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** Called once at start from the validated configuration (CLOCK_ADJUSTABLE). */
export function configureClock(options: { adjustable: boolean }): void {
  adjustable = options.adjustable;
  offsetVersion = 0;
  if (!adjustable) offsetMs = 0;
}

export function isClockAdjustable(): boolean {
  return adjustable;
}

export function clockOffsetMs(): number {
  return offsetMs;
}

/** Sets the offset from real time; refused unless the clock is adjustable. */
export function setClockOffset(ms: number): void {
  if (!adjustable) throw new ClockNotAdjustableError();
  if (!Number.isSafeInteger(ms)) throw new RangeError(`clock offset must be a whole number of milliseconds, got ${ms}`);
  offsetMs = ms;
}

/** Moves business time forward by `ms` (refused unless adjustable). */
export function advanceClock(ms: number): void {
  setClockOffset(offsetMs + ms);
}

/**
 * Takes the deployment's stored offset if `version` is newer than the one this process holds: a reader that fetched
 * the row before a move committed never sets the older offset back afterwards. Answers whether it moved.
 */
export function followClockOffset(ms: number, version: number): boolean {
  if (version <= offsetVersion) return false;
  setClockOffset(ms);
  offsetVersion = version;
  return true;
}
