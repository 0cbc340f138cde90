import { describe, expect, it } from 'vitest';
import { metCount, noNextLevelKey, thresholdPercent } from './level-progress';

describe('thresholdPercent', () => {
  it('is the whole percent of an amount reached, rounded down, on exact units', () => {
    // 333.33 / 1000 = 33.333 % → 33.
    expect(thresholdPercent({ required: '1000', current: '333.33', met: false })).toBe(33);
    expect(thresholdPercent({ required: '0.00000003', current: '0.00000001', met: false })).toBe(33);
  });

  it('counts members the same way', () => {
    expect(thresholdPercent({ required: 5, current: 2, met: false })).toBe(40);
    expect(thresholdPercent({ required: 5, current: 0, met: false })).toBe(0);
  });

  it('is full only when the server says the threshold is met', () => {
    expect(thresholdPercent({ required: '100', current: '100', met: true })).toBe(100);
    expect(thresholdPercent({ required: '100', current: '250', met: true })).toBe(100);
    // Not met yet although the figures look level (the server rounds nothing; the bar must not claim it).
    expect(thresholdPercent({ required: '100', current: '99.99999999', met: false })).toBe(99);
    expect(thresholdPercent({ required: 3, current: 3, met: false })).toBe(99);
  });

  it('draws a threshold of nothing as full, and a negative figure as empty', () => {
    expect(thresholdPercent({ required: '0', current: '0', met: false })).toBe(100);
    expect(thresholdPercent({ required: '10', current: '-1', met: false })).toBe(0);
  });
});

describe('metCount', () => {
  it('counts the thresholds met', () => {
    expect(metCount([])).toBe(0);
    expect(
      metCount([
        { required: '1', current: '1', met: true },
        { required: 2, current: 1, met: false },
        { required: '0', current: '0', met: true },
      ]),
    ).toBe(2);
  });
});

describe('noNextLevelKey', () => {
  it('at V0 with nothing above says no level is set up yet; above V0 it is the top level', () => {
    expect(noNextLevelKey(0)).toBe('team.level.noneAbove');
    expect(noNextLevelKey(1)).toBe('team.level.top');
    expect(noNextLevelKey(7)).toBe('team.level.top');
  });
});
