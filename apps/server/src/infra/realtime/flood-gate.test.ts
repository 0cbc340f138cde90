import { afterEach, describe, expect, it } from 'vitest';
import { FLOOD_WINDOW_MS, LocalFloodGate } from './flood-gate.js';

describe('LocalFloodGate', () => {
  let clock = 1_000_000;
  let gate: LocalFloodGate;
  afterEach(() => gate.close());

  it('admits the limit within a rolling second and refuses the rest', () => {
    gate = new LocalFloodGate(20, () => clock);
    const answers = Array.from({ length: 25 }, () => gate.admitNow(7));
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([false, false, false, false, false]);
  });

  it('rolls: a slot frees exactly one window after it was used, and refusals use none', () => {
    gate = new LocalFloodGate(3, () => clock);
    clock = 0;
    expect(gate.admitNow(1)).toBe(true);
    clock = 400;
    expect(gate.admitNow(1)).toBe(true);
    expect(gate.admitNow(1)).toBe(true);
    expect(gate.admitNow(1)).toBe(false);
    clock = FLOOD_WINDOW_MS - 1;
    expect(gate.admitNow(1)).toBe(false);
    // The frame at t=0 leaves the window; the refused ones never entered it.
    clock = FLOOD_WINDOW_MS;
    expect(gate.admitNow(1)).toBe(true);
    expect(gate.admitNow(1)).toBe(false);
    clock = 400 + FLOOD_WINDOW_MS;
    expect(gate.admitNow(1)).toBe(true);
    expect(gate.admitNow(1)).toBe(true);
    expect(gate.admitNow(1)).toBe(false);
  });

  it('counts each user apart', async () => {
    gate = new LocalFloodGate(2, () => clock);
    expect([await gate.admit(1), await gate.admit(1), await gate.admit(1)]).toEqual([true, true, false]);
    expect([await gate.admit(2), await gate.admit(2)]).toEqual([true, true]);
  });
});
