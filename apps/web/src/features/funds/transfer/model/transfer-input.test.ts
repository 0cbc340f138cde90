import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '@reef/contract';
import { checkTransfer, estimateFee, exceedsBalance, maxTransferAmount, normalizeAmountInput, ratePercent, transferTotal } from './transfer-input';

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

  it('takes a wallet address or a uid, and says when the recipient is neither', () => {
    expect(checkTransfer(to.toUpperCase().replace('0X', '0x'), '1')).toBeNull();
    expect(checkTransfer(' 10001 ', '1')).toBeNull();
    expect(checkTransfer('not-an-address', '1')).toBe('recipientInvalid');
    expect(checkTransfer('0x1234', '1')).toBe('recipientInvalid');
    expect(checkTransfer('0', '1')).toBe('recipientInvalid');
    expect(checkTransfer('99999999999', '1')).toBe('recipientInvalid');
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

describe('max and totals', () => {
  it('adds the fee to the amount for the total', () => {
    expect(transferTotal('100', '0.01')).toBe('101');
    expect(transferTotal('x', '0.01')).toBeNull();
    expect(exceedsBalance('100', '0.01', '100')).toBe(true);
    expect(exceedsBalance('99', '0.01', '100')).toBe(false);
    expect(exceedsBalance('', '0.01', '100')).toBe(false);
  });

  it('finds the largest amount whose amount + fee the balance covers', () => {
    expect(maxTransferAmount('100', '0')).toBe('100');
    expect(maxTransferAmount('101', '0.01')).toBe('100');
    for (const [balance, rate] of [
      ['100', '0.01'],
      ['0.00000003', '0.5'],
      ['12.34567891', '0.003'],
      ['1', '1'],
    ] as const) {
      const max = maxTransferAmount(balance, rate)!;
      expect(exceedsBalance(max, rate, balance), `${balance} @ ${rate}`).toBe(false);
      // One unit more no longer fits.
      expect(exceedsBalance(fromUnits(toUnits(max) + 1n), rate, balance), `${balance} @ ${rate} + 1`).toBe(true);
    }
    expect(maxTransferAmount('0', '0.01')).toBeNull();
    // A fee truncated to 0 lets the last unit go: 1 unit × 100% is a 1-unit fee, so 1 unit needs 2.
    expect(maxTransferAmount('0.00000001', '1')).toBeNull();
    expect(maxTransferAmount('0.00000002', '1')).toBe('0.00000001');
  });
});
