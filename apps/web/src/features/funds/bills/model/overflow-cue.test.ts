import { describe, expect, it } from 'vitest';
import { overflowSides } from './overflow-cue';

describe('overflowSides', () => {
  it('shows no cue when everything fits', () => {
    expect(overflowSides(0, 360, 360)).toEqual({ start: false, end: false });
  });

  it('shows the end cue at the start of a row that overflows, both in the middle, the start one at the end', () => {
    expect(overflowSides(0, 360, 600)).toEqual({ start: false, end: true });
    expect(overflowSides(120, 360, 600)).toEqual({ start: true, end: true });
    expect(overflowSides(240, 360, 600)).toEqual({ start: true, end: false });
  });

  it('ignores sub-pixel remainders', () => {
    expect(overflowSides(0.5, 360, 360.6)).toEqual({ start: false, end: false });
  });
});
