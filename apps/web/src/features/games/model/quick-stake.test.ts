import { describe, expect, it } from 'vitest';
import { quickStake } from './quick-stake';

const limits = { min: '1.00000000', max: '500.00000000' };

describe('quickStake', () => {
  it('gives the game minimum and the lower of the maximum and the balance', () => {
    expect(quickStake('min', '', { ...limits, balance: '1000.00000000' })).toBe('1');
    expect(quickStake('max', '', { ...limits, balance: '1000.00000000' })).toBe('500');
    expect(quickStake('max', '', { ...limits, balance: '37.45678900' })).toBe('37.45');
    // Before the balance has loaded, the game's own maximum bounds it (the server checks the balance again).
    expect(quickStake('max', '', { ...limits, balance: undefined })).toBe('500');
  });

  it('halves and doubles the typed stake to the cent, within the bounds', () => {
    const bounds = { ...limits, balance: '100.00000000' };
    expect(quickStake('half', '10', bounds)).toBe('5');
    expect(quickStake('half', '0.05', { ...bounds, min: '0.01000000' })).toBe('0.02');
    expect(quickStake('half', '1.5', bounds)).toBe('1');
    expect(quickStake('double', '12.34', bounds)).toBe('24.68');
    expect(quickStake('double', '60', bounds)).toBe('100');
    expect(quickStake('double', '400', { ...limits, balance: '10000' })).toBe('500');
  });

  it('starts from the minimum when nothing valid is typed', () => {
    const bounds = { ...limits, balance: '100.00000000' };
    expect(quickStake('double', '', bounds)).toBe('1');
    expect(quickStake('half', 'abc', bounds)).toBe('1');
    expect(quickStake('double', '1.234', bounds)).toBe('1');
  });

  it('offers nothing when the balance is below the minimum stake', () => {
    for (const kind of ['min', 'half', 'double', 'max'] as const) {
      expect(quickStake(kind, '5', { ...limits, balance: '0.99000000' })).toBeNull();
    }
  });

  it('keeps amounts beyond a JS number exact', () => {
    const huge = { min: '0.01', max: '999999999999.99', balance: '999999999999.99000000' };
    expect(quickStake('max', '', huge)).toBe('999999999999.99');
    expect(quickStake('half', '999999999999.99', huge)).toBe('499999999999.99');
  });
});
