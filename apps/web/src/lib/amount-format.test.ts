import { describe, expect, it } from 'vitest';
import { formatGroupedAmount, formatPercentChange, ratePercent, trimAmount } from './amount-format';

describe('formatGroupedAmount', () => {
  it('groups the whole part and truncates to the display places', () => {
    expect(formatGroupedAmount('100000000.00000000')).toBe('100,000,000.0000');
    expect(formatGroupedAmount('1234.56789999')).toBe('1,234.5678');
    expect(formatGroupedAmount('999.99999999', 2)).toBe('999.99');
    expect(formatGroupedAmount('0.00000000')).toBe('0.0000');
    expect(formatGroupedAmount('-1234567.5')).toBe('-1,234,567.5000');
    expect(formatGroupedAmount('123456789012345678901234567890.12345678')).toBe('123,456,789,012,345,678,901,234,567,890.1234');
  });
});

describe('trimAmount', () => {
  it.each([
    ['19.90030000', '19.9003'],
    ['100.00000000', '100'],
    ['100', '100'],
    ['0.00000001', '0.00000001'],
  ])('drops trailing zeros and a bare point: %s → %s', (amount, trimmed) => {
    expect(trimAmount(amount)).toBe(trimmed);
  });
});

describe('formatPercentChange', () => {
  it('signs the change and tells its trend', () => {
    expect(formatPercentChange('1.25')).toEqual({ text: '+1.25%', trend: 'up' });
    expect(formatPercentChange('-0.50')).toEqual({ text: '-0.50%', trend: 'down' });
    expect(formatPercentChange('0.00')).toEqual({ text: '0.00%', trend: 'flat' });
    expect(formatPercentChange('-0.00')).toEqual({ text: '0.00%', trend: 'flat' });
  });
});

describe('ratePercent', () => {
  it.each([
    ['0.003', '0.3'],
    ['0.01', '1'],
    ['0.5', '50'],
    ['0.00000001', '0.000001'],
    ['abc', null],
  ])('turns a rate into an exact percentage, or null when it is not a number: %s → %s', (rate, percent) => {
    expect(ratePercent(rate)).toBe(percent);
  });
});
