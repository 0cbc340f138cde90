import { describe, expect, it } from 'vitest';
import { checkTransfer, estimateFee, normalizeAmountInput, ratePercent } from './transfer-input';

const to = '0x' + '1'.repeat(40);

describe('checkTransfer', () => {
  it('needs a recipient and an amount', () => {
    expect(checkTransfer('  ', '1')).toBe('addressRequired');
    expect(checkTransfer(to, ' ')).toBe('amountRequired');
  });

  it('needs a positive decimal with at most 8 places', () => {
    expect(checkTransfer(to, 'abc')).toBe('amountInvalid');
    expect(checkTransfer(to, '-1')).toBe('amountInvalid');
    expect(checkTransfer(to, '1e5')).toBe('amountInvalid');
    expect(checkTransfer(to, '0')).toBe('amountPositive');
    expect(checkTransfer(to, '0.00000000')).toBe('amountPositive');
    expect(checkTransfer(to, '0.000000001')).toBe('amountDecimals');
    expect(checkTransfer(to, '1'.repeat(31))).toBe('amountInvalid');
    expect(checkTransfer(to, '0.00000001')).toBeNull();
    expect(checkTransfer(to, '12.5')).toBeNull();
  });

  it('leaves the address format to the server', () => {
    expect(checkTransfer('not-an-address', '1')).toBeNull();
  });
});

describe('normalizeAmountInput', () => {
  it('accepts comma decimals and loose dots', () => {
    expect(normalizeAmountInput(' 1,5 ')).toBe('1.5');
    expect(normalizeAmountInput('.5')).toBe('0.5');
    expect(normalizeAmountInput('2.')).toBe('2');
    expect(normalizeAmountInput('1,000.5')).toBe('1,000.5');
  });
});

describe('fees', () => {
  it('shows the rate as an exact percentage', () => {
    expect(ratePercent('0.01')).toBe('1');
    expect(ratePercent('0.005')).toBe('0.5');
    expect(ratePercent('0')).toBe('0');
    expect(ratePercent('x')).toBeNull();
  });

  it('estimates the fee exactly, truncated to 8 places', () => {
    expect(estimateFee('100', '0.01')).toBe('1');
    expect(estimateFee('0.1', '0.003')).toBe('0.0003');
    expect(estimateFee('0.00000001', '0.01')).toBe('0');
    expect(estimateFee('', '0.01')).toBeNull();
  });
});
