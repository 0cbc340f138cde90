import { describe, expect, it } from 'vitest';
import { shortAccount } from './short-account';

describe('shortAccount', () => {
  it('keeps 0x, four characters and the last four of a wallet address, joined by one ellipsis character', () => {
    expect(shortAccount('0x1234567890AbCdEf1234567890aBcDeF12345678')).toBe('0x1234…5678');
  });

  it('leaves a value already as short as its short form whole', () => {
    expect(shortAccount('0x12345678')).toBe('0x12345678');
  });
});
