import { describe, expect, it } from 'vitest';
import { utcInputValue, utcInstant } from './utc-time';

describe('console times in UTC', () => {
  it('reads a datetime-local value as UTC, whatever the browser zone', () => {
    expect(utcInstant('2026-11-27T09:30')).toBe('2026-11-27T09:30:00.000Z');
    expect(utcInstant('')).toBe('');
  });

  it('shows an instant in the form and in a list as its UTC minutes', () => {
    expect(utcInputValue('2026-11-27T23:59:59.999Z')).toBe('2026-11-27T23:59');
    expect(utcInputValue(null)).toBe('');
  });

  it('round-trips: what the form shows is sent back unchanged (to the minute)', () => {
    const stored = '2027-03-28T01:30:00.000Z';
    expect(utcInstant(utcInputValue(stored))).toBe(stored);
  });
});
