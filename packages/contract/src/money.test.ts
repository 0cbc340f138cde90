import { describe, expect, it } from 'vitest';
import { AmountFormatError, applyRate, formatAmount, fromUnits, normalizeAmount, toUnits } from './money.js';

describe('exact amounts', () => {
  it('parses decimals into 8-place units without floating point', () => {
    expect(toUnits('0.1') + toUnits('0.2')).toBe(toUnits('0.3'));
    expect(toUnits('1')).toBe(100_000_000n);
    expect(toUnits('-0.00000001')).toBe(-1n);
    expect(toUnits('123456789012345678901234567890.12345678')).toBe(12345678901234567890123456789012345678n);
  });

  it('refuses anything that is not an exact decimal within scale', () => {
    for (const bad of ['', '1.', '.5', '1e3', '0x10', ' 1', '1,5', '1.123456789', '1'.repeat(31), 'NaN', '+1']) {
      expect(() => toUnits(bad), bad).toThrow(AmountFormatError);
    }
  });

  it('formats by truncating, never rounding up money a user does not have', () => {
    expect(fromUnits(toUnits('12.99999999'), 4)).toBe('12.9999');
    expect(fromUnits(toUnits('-0.00001'), 4)).toBe('0.0000');
    expect(fromUnits(toUnits('-1.5'), 2)).toBe('-1.50');
    expect(fromUnits(toUnits('7'), 0)).toBe('7');
    expect(normalizeAmount('1.5')).toBe('1.50000000');
    expect(formatAmount('1000.123456')).toBe('1000.1234');
  });

  it('applies a rate exactly', () => {
    expect(fromUnits(applyRate(toUnits('10.5'), '0.01'))).toBe('0.10500000');
    expect(applyRate(toUnits('1'), '0')).toBe(0n);
    expect(fromUnits(applyRate(toUnits('0.00000001'), '0.5'))).toBe('0.00000000');
  });
});
