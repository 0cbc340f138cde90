import { describe, expect, it } from 'vitest';
import { BUBBLE_MAX_PX, BUBBLE_MIN_PX, bubblePlacements } from './bubble-layout';

describe('bubble placement', () => {
  it('sizes each bubble by its amount against the largest, within the bounds', () => {
    const placed = bubblePlacements([
      { id: 1, amount: '10' },
      { id: 2, amount: '5' },
      { id: 3, amount: '0.00000001' },
    ]);
    expect(placed.get(1)!.size).toBe(BUBBLE_MAX_PX);
    expect(placed.get(2)!.size).toBe(BUBBLE_MIN_PX + 14);
    expect(placed.get(3)!.size).toBe(BUBBLE_MIN_PX);
  });

  it('places a bubble the same way whatever its neighbours', () => {
    const alone = bubblePlacements([{ id: 41, amount: '1' }]).get(41)!;
    const crowded = bubblePlacements([
      { id: 40, amount: '1' },
      { id: 41, amount: '1' },
      { id: 42, amount: '1' },
    ]).get(41)!;
    expect(crowded).toEqual(alone);
  });

  it('keeps the drop and the delay small', () => {
    for (let id = 1; id < 200; id++) {
      const { drop, delayMs } = bubblePlacements([{ id, amount: '1' }]).get(id)!;
      expect(drop).toBeGreaterThanOrEqual(0);
      expect(drop).toBeLessThan(28);
      expect(delayMs).toBeLessThanOrEqual(2700);
    }
  });
});
