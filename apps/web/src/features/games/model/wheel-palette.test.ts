import { describe, expect, it } from 'vitest';
import { RAFFLE_SEGMENTS_MAX } from '@reef/contract';
import { contrastRatio, sliceColour, slicePath, WHEEL_COLOURS, WHEEL_LABEL_COLOUR } from './wheel-palette';

/** The navies the wheel sits on (base.css: --navy-950 … --navy-700). */
const PAGE_NAVIES = ['#04152b', '#071f3d', '#0b2a50', '#12386a'];

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const distance = (a: string, b: string) => Math.hypot(...channels(a).map((c, i) => c - channels(b)[i]!));

describe('the lucky wheel palette', () => {
  it('gives each of the most slices an operator may configure its own colour', () => {
    const used = Array.from({ length: RAFFLE_SEGMENTS_MAX }, (_, i) => sliceColour(i));
    expect(new Set(used).size).toBe(RAFFLE_SEGMENTS_MAX);
    // Distinct to the eye, not merely different hex: every pair is well apart in RGB.
    for (const [i, a] of WHEEL_COLOURS.entries()) for (const b of WHEEL_COLOURS.slice(i + 1)) expect(distance(a, b)).toBeGreaterThan(40);
  });

  it('stands off every navy of the page and carries its navy label (WCAG AA)', () => {
    for (const colour of WHEEL_COLOURS) {
      for (const navy of PAGE_NAVIES) expect(contrastRatio(colour, navy)).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(colour, WHEEL_LABEL_COLOUR)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('draws slices clockwise from the top, with the large arc past half a turn', () => {
    expect(slicePath(0, 90, 100)).toBe('M0 0 L0 -100 A100 100 0 0 1 100 0 Z');
    expect(slicePath(90, 300, 100)).toMatch(/ A100 100 0 1 1 /);
  });
});
