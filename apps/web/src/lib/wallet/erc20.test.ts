import { describe, expect, it } from 'vitest';
import { decimalToWei, erc20TransferData, weiToQuantity } from './erc20';

describe('decimalToWei', () => {
  it('converts decimal strings exactly', () => {
    expect(decimalToWei('1')).toBe(10n ** 18n);
    expect(decimalToWei('12.5')).toBe(125n * 10n ** 17n);
    expect(decimalToWei('0.00000001')).toBe(10n ** 10n);
    expect(decimalToWei('123456789012.12345678')).toBe(123456789012123456780000000000n);
    // 0.1 + 0.2 in floats is not 0.3; here it is exact.
    expect(decimalToWei('0.3')).toBe(3n * 10n ** 17n);
  });

  it('refuses what is not a plain decimal', () => {
    expect(() => decimalToWei('1e3')).toThrow();
    expect(() => decimalToWei('-1')).toThrow();
    expect(() => decimalToWei('0.1234567890123456789')).toThrow();
  });
});

describe('erc20TransferData', () => {
  it('encodes transfer(address,uint256)', () => {
    const to = '0x' + 'AbCd'.repeat(10);
    expect(erc20TransferData(to, 10n ** 18n)).toBe('0xa9059cbb' + '0'.repeat(24) + 'abcd'.repeat(10) + (10n ** 18n).toString(16).padStart(64, '0'));
    expect(erc20TransferData(to, 0n)).toHaveLength(2 + 8 + 128);
  });

  it('refuses a bad address', () => {
    expect(() => erc20TransferData('0x1234', 1n)).toThrow();
  });
});

describe('weiToQuantity', () => {
  it('encodes wei as a quantity without leading zeros', () => {
    expect(weiToQuantity(0n)).toBe('0x0');
    expect(weiToQuantity(10n ** 18n)).toBe('0xde0b6b3a7640000');
    expect(weiToQuantity(decimalToWei('0.05'))).toBe('0xb1a2bc2ec50000');
    expect(() => weiToQuantity(-1n)).toThrow();
  });
});
