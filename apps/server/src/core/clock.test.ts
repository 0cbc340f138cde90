import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config.js';
import { advanceClock, clockOffsetMs, ClockNotAdjustableError, configureClock, now, nowMs, setClockOffset } from './clock.js';

describe('clock', () => {
  afterEach(() => configureClock({ adjustable: false }));

  it('is real time when nobody moved it', () => {
    configureClock({ adjustable: false });
    const before = Date.now();
    const at = now().getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(clockOffsetMs()).toBe(0);
  });

  it('moves by an offset and advances when adjustable', () => {
    configureClock({ adjustable: true });
    setClockOffset(86_400_000);
    expect(now().getTime() - Date.now()).toBeGreaterThanOrEqual(86_400_000 - 50);
    advanceClock(3_600_000);
    expect(clockOffsetMs()).toBe(90_000_000);
    expect(nowMs() - Date.now()).toBeGreaterThanOrEqual(90_000_000 - 50);
    setClockOffset(-60_000);
    expect(now().getTime()).toBeLessThan(Date.now());
  });

  it('refuses an offset unless the configuration made it adjustable, and forgets one when it stops being so', () => {
    configureClock({ adjustable: true });
    setClockOffset(5000);
    configureClock({ adjustable: false });
    expect(clockOffsetMs()).toBe(0);
    expect(() => setClockOffset(1000)).toThrow(ClockNotAdjustableError);
    expect(() => advanceClock(1000)).toThrow(ClockNotAdjustableError);
    expect(clockOffsetMs()).toBe(0);
  });

  it('refuses a fractional offset', () => {
    configureClock({ adjustable: true });
    expect(() => setClockOffset(1.5)).toThrow(RangeError);
  });

  it('CLOCK_ADJUSTABLE is off by default and refused in production', () => {
    expect(loadConfig({}).clockAdjustable).toBe(false);
    expect(loadConfig({ CLOCK_ADJUSTABLE: 'true' }).clockAdjustable).toBe(true);
    expect(loadConfig({ CLOCK_ADJUSTABLE: 'true', NODE_ENV: 'test' }).clockAdjustable).toBe(true);
    expect(() => loadConfig({ CLOCK_ADJUSTABLE: 'true', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ CLOCK_ADJUSTABLE: 'true', NODE_ENV: 'production' })).toThrow(/CLOCK_ADJUSTABLE/);
    expect(loadConfig({ CLOCK_ADJUSTABLE: 'false', NODE_ENV: 'production' }).clockAdjustable).toBe(false);
  });
});
