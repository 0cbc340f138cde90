import { describe, expect, it } from 'vitest';
import { checkSplitSettings } from './split-input';

describe('checkSplitSettings', () => {
  it('needs nothing for no split, and ignores what was typed', () => {
    expect(checkSplitSettings('none', 'x', 'y')).toEqual({ body: { mode: 'none' }, problem: null });
  });

  it('needs a threshold to split (spec §5)', () => {
    expect(checkSplitSettings('full', '', '')).toEqual({ body: null, problem: { field: 'threshold', problem: 'required' } });
    expect(checkSplitSettings('full', '1000', 'ignored')).toEqual({ body: { mode: 'full', threshold: '1000' }, problem: null });
    expect(checkSplitSettings('full', '10.123', '')).toEqual({ body: null, problem: { field: 'threshold', problem: 'decimals' } });
  });

  it('needs a piece amount for auto, the threshold at least two pieces', () => {
    expect(checkSplitSettings('auto', '1000', '')).toEqual({ body: null, problem: { field: 'amount', problem: 'required' } });
    expect(checkSplitSettings('auto', '1000', '500,01')).toEqual({ body: null, problem: { field: 'amount', problem: 'twoPieces' } });
    expect(checkSplitSettings('auto', '1000', '500')).toEqual({ body: { mode: 'auto', threshold: '1000', amount: '500' }, problem: null });
    expect(checkSplitSettings('auto', '1000', '250')).toEqual({ body: { mode: 'auto', threshold: '1000', amount: '250' }, problem: null });
  });
});
