import { describe, expect, it } from 'vitest';
import { capPercent, nextBoundaryMs, pledgeState, pledgeTimes } from './pledge-phase';

const T = Date.parse('2026-12-01T00:00:00.000Z');
const DAY = 86_400_000;
const product = {
  sale_starts_at: new Date(T).toISOString(),
  sale_ends_at: new Date(T + DAY).toISOString(),
  unlock_at: new Date(T + 4 * DAY).toISOString(),
  release_days: 2,
};

describe('pledge phase', () => {
  const times = pledgeTimes(product);

  it('walks not started → in progress → ended → releasing → released at each boundary, to the millisecond', () => {
    expect(pledgeState(times, T - 1)).toBe('not_started');
    expect(pledgeState(times, T)).toBe('in_progress');
    expect(pledgeState(times, T + DAY - 1)).toBe('in_progress');
    expect(pledgeState(times, T + DAY)).toBe('ended');
    expect(pledgeState(times, T + 4 * DAY)).toBe('releasing');
    expect(pledgeState(times, T + 6 * DAY - 1)).toBe('releasing');
    expect(pledgeState(times, T + 6 * DAY)).toBe('released');
  });

  it('counts to the next boundary: the start, the end of sales, the unlock, the last release; nothing after', () => {
    expect(nextBoundaryMs(times, T - 5)).toBe(T);
    expect(nextBoundaryMs(times, T)).toBe(T + DAY);
    expect(nextBoundaryMs(times, T + 2 * DAY)).toBe(T + 4 * DAY);
    expect(nextBoundaryMs(times, T + 5 * DAY)).toBe(T + 6 * DAY);
    expect(nextBoundaryMs(times, T + 6 * DAY)).toBeNull();
  });

  it('skips releasing when the principal comes back at once (release days 0)', () => {
    const atOnce = pledgeTimes({ ...product, release_days: 0 });
    expect(pledgeState(atOnce, T + 4 * DAY - 1)).toBe('ended');
    expect(pledgeState(atOnce, T + 4 * DAY)).toBe('released');
  });

  it('shows the cap as a whole percentage, rounded down and bounded', () => {
    expect(capPercent(0n, 1500n)).toBe(0);
    expect(capPercent(500n, 1500n)).toBe(33);
    expect(capPercent(1499n, 1500n)).toBe(99);
    expect(capPercent(1500n, 1500n)).toBe(100);
    expect(capPercent(2000n, 1500n)).toBe(100);
    expect(capPercent(1n, 0n)).toBe(100);
  });
});
