import { describe, expect, it } from 'vitest';
import { areaBars, MIN_VISIBLE_WIDTH } from './area-picture';

describe('areaBars', () => {
  it('draws nothing for a team that bought nothing', () => {
    expect(areaBars('0', '0')).toEqual({ large: 0, small: 0, smallShare: 0 });
  });

  it('fills the width with the large area and draws the small one in proportion', () => {
    // 250 / 1000 = 25 % of the width; 250 / 1250 = 20 % of both areas.
    expect(areaBars('1000', '250')).toEqual({ large: 100, small: 25, smallShare: 20 });
  });

  it('rounds widths down to a tenth of a percent, never longer than the figure', () => {
    // 1 / 3 = 33.333… % → 33.3; 1 / 4 of both → 25 %.
    expect(areaBars('3', '1')).toEqual({ large: 100, small: 33.3, smallShare: 25 });
  });

  it('keeps a tiny non-zero small area visible, and an empty one empty', () => {
    expect(areaBars('1000000', '1').small).toBe(MIN_VISIBLE_WIDTH);
    expect(areaBars('1000000', '1').smallShare).toBe(0);
    expect(areaBars('1000000', '0').small).toBe(0);
  });

  it('draws equal areas as equal bars', () => {
    expect(areaBars('12.5', '12.5')).toEqual({ large: 100, small: 100, smallShare: 50 });
  });

  it('works on the exact units of long decimals', () => {
    expect(areaBars('0.00000003', '0.00000001')).toEqual({ large: 100, small: 33.3, smallShare: 25 });
  });

  it('scales to the larger figure when the small area is reported larger', () => {
    expect(areaBars('50', '100')).toEqual({ large: 50, small: 100, smallShare: 66 });
  });
});
