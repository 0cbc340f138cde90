import { describe, expect, it } from 'vitest';
import { digitsOnly } from './pay-password-input';

describe('digitsOnly', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('12a3 4567')).toBe('123456');
  });
});
