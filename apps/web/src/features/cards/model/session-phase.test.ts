import { describe, expect, it } from 'vitest';
import { nextSessionChangeMs, sessionPhase, sessionWindow, soldPercent } from './session-phase';

const OPENS = Date.parse('2026-11-30T12:00:00.000Z');
const CLOSES = OPENS + 3_600_000;
const window = { opensAtMs: OPENS, closesAtMs: CLOSES };

describe('sessionPhase', () => {
  it('is upcoming before the opening, open inside the window, closed from the closing on', () => {
    expect(sessionPhase(window, OPENS - 1)).toBe('upcoming');
    expect(sessionPhase(window, OPENS)).toBe('open');
    expect(sessionPhase(window, CLOSES - 1)).toBe('open');
    expect(sessionPhase(window, CLOSES)).toBe('closed');
  });

  it('is closed when an operator closed it early, whatever the clock says', () => {
    expect(sessionPhase({ ...window, closedEarly: true }, OPENS + 10)).toBe('closed');
    expect(sessionPhase({ ...window, closedEarly: true }, OPENS - 10)).toBe('closed');
  });
});

describe('nextSessionChangeMs', () => {
  it('names the opening, then the closing, then nothing', () => {
    expect(nextSessionChangeMs(window, OPENS - 5000)).toBe(OPENS);
    expect(nextSessionChangeMs(window, OPENS + 5000)).toBe(CLOSES);
    expect(nextSessionChangeMs(window, CLOSES)).toBeNull();
  });
});

describe('sessionWindow', () => {
  it('reads the ISO times and refuses what does not parse', () => {
    expect(sessionWindow('2026-11-30T12:00:00.000Z', '2026-11-30T13:00:00.000Z')).toEqual({ opensAtMs: OPENS, closesAtMs: CLOSES, closedEarly: false });
    expect(sessionWindow('noon', '2026-11-30T13:00:00.000Z')).toBeNull();
  });
});

describe('soldPercent', () => {
  it('rounds down so 100 % means sold out', () => {
    expect(soldPercent(0, 100)).toBe(0);
    expect(soldPercent(99, 100)).toBe(99);
    expect(soldPercent(2, 3)).toBe(66);
    expect(soldPercent(3, 3)).toBe(100);
  });

  it('clamps odd counts and treats no stock as sold out', () => {
    expect(soldPercent(120, 100)).toBe(100);
    expect(soldPercent(-1, 100)).toBe(0);
    expect(soldPercent(0, 0)).toBe(100);
  });
});
