import { toUnits } from '@reef/contract';

/** Smallest and largest bubble, in px: the smallest stays well above a 44 px tap target. */
export const BUBBLE_MIN_PX = 64;
export const BUBBLE_MAX_PX = 92;

export interface BubblePlacement {
  /** Diameter in px: larger output, larger bubble. */
  size: number;
  /** How far it sits below the row's top, in px, so the row does not look like a grid. */
  drop: number;
  /** Start offset of its float, in ms, so the bubbles do not bob in step. */
  delayMs: number;
}

/**
 * Where each bubble floats over the reef (decision 058): the bubbles wrap in rows, each sized by its amount against
 * the largest one and dropped and delayed by a pattern that depends only on its id — so a refetch, a reload or a
 * bubble collected next to it never moves the others.
 */
export function bubblePlacements(bubbles: readonly { id: number; amount: string }[]): Map<number, BubblePlacement> {
  const units = bubbles.map((bubble) => toUnits(bubble.amount));
  const largest = units.reduce((max, value) => (value > max ? value : max), 0n);
  const placements = new Map<number, BubblePlacement>();
  bubbles.forEach((bubble, index) => {
    // In hundredths of the largest, as a whole number: sizes are display only, never money.
    const share = largest === 0n ? 100 : Number((units[index]! * 100n) / largest);
    const size = BUBBLE_MIN_PX + Math.round(((BUBBLE_MAX_PX - BUBBLE_MIN_PX) * share) / 100);
    const spread = (bubble.id * 7919) % 97;
    placements.set(bubble.id, { size, drop: spread % 28, delayMs: (spread % 10) * 300 });
  });
  return placements;
}
