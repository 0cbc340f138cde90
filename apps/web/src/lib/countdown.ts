/**
 * A countdown to a moment on the server's clock, to the second. The shown value rounds the time left UP to
 * whole seconds: with 0.3 s left it still reads 00:00:01, and it reads 00:00:00 only once the moment has come,
 * so "zero on screen" and "the server's session is open" are the same instant (within the clock offset).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the moment has come (everything is 0). */
  done: boolean;
}

/** The whole days, hours, minutes and seconds left until `targetMs`, seen at `nowMs` (both server time). */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, targetMs - nowMs);
  const totalSeconds = Math.ceil(left / SECOND);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    done: totalSeconds === 0,
  };
}

/** "03:04:05": hours, minutes and seconds, two digits each (the days are said in words by the caller). */
export function clockText(parts: CountdownParts): string {
  return [parts.hours, parts.minutes, parts.seconds].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * How long until the shown second changes, so a timer wakes exactly then rather than drifting with a fixed
 * 1 s interval (a timer that fires late would skip a second on screen). Past the moment there is nothing left
 * to tick: null.
 */
export function msUntilNextTick(targetMs: number, nowMs: number): number | null {
  const left = targetMs - nowMs;
  if (left <= 0) return null;
  const intoSecond = left % SECOND;
  return intoSecond === 0 ? SECOND : intoSecond;
}

export const COUNTDOWN_UNITS = { SECOND, MINUTE, HOUR, DAY } as const;
