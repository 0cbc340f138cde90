import { describe, expect, it } from 'vitest';
import { betterOffset, offsetFromSample, serverNowMs } from './server-clock';

const T0 = Date.parse('2026-11-26T09:00:00.000Z');

describe('offsetFromSample', () => {
  it('takes the middle of the round trip', () => {
    // The phone is 10 s behind; the answer took 200 ms, the server read its clock half way.
    const sample = { serverTime: new Date(T0 + 10_000 + 100).toISOString(), sentAtMs: T0, receivedAtMs: T0 + 200 };
    expect(offsetFromSample(sample)).toEqual({ offsetMs: 10_000, uncertaintyMs: 100 });
  });

  it('is negative when the phone runs fast', () => {
    const sample = { serverTime: new Date(T0 - 60_000).toISOString(), sentAtMs: T0, receivedAtMs: T0 };
    expect(offsetFromSample(sample)).toEqual({ offsetMs: -60_000, uncertaintyMs: 0 });
  });

  it('refuses a time that does not parse or a clock that went backwards', () => {
    expect(offsetFromSample({ serverTime: 'soon', sentAtMs: T0, receivedAtMs: T0 + 5 })).toBeNull();
    expect(offsetFromSample({ serverTime: new Date(T0).toISOString(), sentAtMs: T0, receivedAtMs: T0 - 1 })).toBeNull();
  });

  it('rounds an odd round trip up in the error bound', () => {
    const sample = { serverTime: new Date(T0 + 1).toISOString(), sentAtMs: T0, receivedAtMs: T0 + 3 };
    expect(offsetFromSample(sample)).toEqual({ offsetMs: 0, uncertaintyMs: 2 });
  });
});

describe('betterOffset', () => {
  const precise = { offsetMs: 1000, uncertaintyMs: 20 };
  const rough = { offsetMs: 1100, uncertaintyMs: 300 };

  it('keeps the reading with the shorter round trip while they agree', () => {
    expect(betterOffset(precise, rough)).toBe(precise);
    expect(betterOffset(rough, precise)).toBe(precise);
  });

  it('takes the newer reading when the two disagree beyond both bounds (the clock moved)', () => {
    const moved = { offsetMs: 86_400_000, uncertaintyMs: 400 };
    expect(betterOffset(precise, moved)).toBe(moved);
  });

  it('starts from the first reading and ignores a missing one', () => {
    expect(betterOffset(null, rough)).toBe(rough);
    expect(betterOffset(precise, null)).toBe(precise);
    expect(betterOffset(null, null)).toBeNull();
  });
});

describe('serverNowMs', () => {
  it('adds the offset, none before the first reading', () => {
    expect(serverNowMs({ offsetMs: 5000, uncertaintyMs: 1 }, T0)).toBe(T0 + 5000);
    expect(serverNowMs(null, T0)).toBe(T0);
  });
});
