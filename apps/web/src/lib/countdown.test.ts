import { describe, expect, it } from 'vitest';
import { clockText, countdownParts, msUntilNextTick } from './countdown';

const T = Date.parse('2026-11-30T12:00:00.000Z');

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const left = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(T, T - left)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });

  it('rounds up to the next whole second, so zero shows only at the moment itself', () => {
    expect(countdownParts(T, T - 300)).toMatchObject({ seconds: 1, done: false });
    expect(countdownParts(T, T - 1000)).toMatchObject({ seconds: 1, done: false });
    expect(countdownParts(T, T - 1001)).toMatchObject({ seconds: 2, done: false });
    expect(countdownParts(T, T)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('stays at zero after the moment', () => {
    expect(countdownParts(T, T + 60_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('carries 59.5 minutes into an hour boundary correctly', () => {
    expect(countdownParts(T, T - 3_599_500)).toMatchObject({ hours: 1, minutes: 0, seconds: 0 });
  });
});

describe('clockText', () => {
  it('pads each part to two digits', () => {
    expect(clockText(countdownParts(T, T - 65_000))).toBe('00:01:05');
    expect(clockText(countdownParts(T, T - (23 * 3600 + 59 * 60 + 59) * 1000))).toBe('23:59:59');
  });
});

describe('msUntilNextTick', () => {
  it('wakes when the shown second changes', () => {
    expect(msUntilNextTick(T, T - 2300)).toBe(300);
    expect(msUntilNextTick(T, T - 2000)).toBe(1000);
    expect(msUntilNextTick(T, T - 1)).toBe(1);
  });

  it('has nothing left to tick at or after the moment', () => {
    expect(msUntilNextTick(T, T)).toBeNull();
    expect(msUntilNextTick(T, T + 5)).toBeNull();
  });
});
