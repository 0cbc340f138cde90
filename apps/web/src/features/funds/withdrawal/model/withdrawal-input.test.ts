import { describe, expect, it } from 'vitest';
import { checkWithdrawal, withdrawalTotal } from './withdrawal-input';

describe('checkWithdrawal', () => {
  it('needs more than the minimum', () => {
    expect(checkWithdrawal('', '100.00000000')).toBe('amountRequired');
    expect(checkWithdrawal('100', '100.00000000')).toBe('amountTooSmall');
    expect(checkWithdrawal('100.00000001', '100.00000000')).toBeNull();
    expect(checkWithdrawal('100.000000001', '100.00000000')).toBe('amountDecimals');
    expect(checkWithdrawal('abc', '100.00000000')).toBe('amountInvalid');
    expect(checkWithdrawal('150,5', '100.00000000')).toBeNull();
  });
});

describe('withdrawalTotal', () => {
  it('adds the fee exactly', () => {
    expect(withdrawalTotal('150.1', '1.00000000')).toBe('151.1');
    expect(withdrawalTotal('0.00000001', '0.00000002')).toBe('0.00000003');
    expect(withdrawalTotal('x', '1.00000000')).toBeNull();
  });
});
