import { describe, expect, it } from 'vitest';
import { needsTimeSeparator, SEPARATOR_GAP_MS, separatorStyle } from './time-separators';

// Local times, so the day boundary is the test machine's as it is the reader's.
const at = (day: number, hour: number, minute: number, second = 0) => new Date(2026, 10, day, hour, minute, second);

describe('needsTimeSeparator', () => {
  it('puts one above the first message shown', () => {
    expect(needsTimeSeparator(null, at(26, 9, 0))).toBe(true);
  });

  it('keeps a quick exchange under one time, up to and including a 5-minute gap', () => {
    expect(needsTimeSeparator(at(26, 9, 0), at(26, 9, 0, 30))).toBe(false);
    expect(needsTimeSeparator(at(26, 9, 0), at(26, 9, 5))).toBe(false);
    expect(SEPARATOR_GAP_MS).toBe(300_000);
  });

  it('starts a new block after more than 5 minutes', () => {
    expect(needsTimeSeparator(at(26, 9, 0), at(26, 9, 5, 1))).toBe(true);
    expect(needsTimeSeparator(at(26, 9, 0), at(26, 14, 0))).toBe(true);
  });

  it('starts a new block when the local day changes, even a minute apart', () => {
    expect(needsTimeSeparator(at(26, 23, 59, 30), at(27, 0, 0, 10))).toBe(true);
  });
});

describe('separatorStyle', () => {
  it('shows only the time for today and the date too before that', () => {
    expect(separatorStyle(at(26, 8, 0), at(26, 23, 0))).toBe('time');
    expect(separatorStyle(at(25, 23, 0), at(26, 0, 30))).toBe('dateTime');
  });
});
