import { describe, expect, it } from 'vitest';
import { checkLockAmount, lockRoom } from './lock-amount';

const product = {
  min_lock: '100.00000000',
  max_per_user: '1000.00000000',
  holding: '300.00000000',
  total_cap: '1500.00000000',
  locked_total: '1200.00000000',
};

describe('lock amount', () => {
  it('accepts an amount within the minimum, the user maximum, the cap and the balance, as an exact 8-place string', () => {
    expect(checkLockAmount(' 250.5 ', product, '1000')).toEqual({ amount: '250.50000000', problem: null });
    expect(checkLockAmount('100', product, undefined)).toEqual({ amount: '100.00000000', problem: null });
  });

  it('refuses what is not a positive decimal of at most 8 places', () => {
    for (const text of ['', 'abc', '0', '0.000', '-5', '1e3', '1.123456789', '01']) {
      expect(checkLockAmount(text, product, '1000').problem).toBe('invalid');
    }
  });

  it('names the limit each refusal is about: minimum, the room left under the maximum, the cap left, the balance', () => {
    expect(checkLockAmount('99.99999999', product, '1000')).toEqual({ amount: null, problem: 'belowMin', min: '100.00000000' });
    expect(checkLockAmount('700.00000001', { ...product, locked_total: '0' }, '1000')).toEqual({ amount: null, problem: 'aboveMax', max: '700.00000000' });
    expect(checkLockAmount('300.00000001', product, '1000')).toEqual({ amount: null, problem: 'capReached', remaining: '300.00000000' });
    expect(checkLockAmount('300', product, '299.9')).toEqual({ amount: null, problem: 'balance', balance: '299.9' });
  });

  it('never shows negative room', () => {
    expect(lockRoom({ ...product, holding: '1200', locked_total: '1600' })).toEqual({ mine: '0.00000000', cap: '0.00000000' });
  });
});
