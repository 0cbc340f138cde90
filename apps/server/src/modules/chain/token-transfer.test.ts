import { describe, expect, it } from 'vitest';
import { weiToUnits } from './token-transfer.js';

describe('weiToUnits', () => {
  it('keeps 8 of 18 decimals and truncates the rest', () => {
    expect(weiToUnits(10n ** 18n)).toBe(10n ** 8n);
    expect(weiToUnits(1_234_567_891_234_567_891n)).toBe(123_456_789n);
    expect(weiToUnits(10n ** 10n)).toBe(1n);
    expect(weiToUnits(10n ** 10n - 1n)).toBe(0n);
    expect(weiToUnits(0n)).toBe(0n);
  });
});
