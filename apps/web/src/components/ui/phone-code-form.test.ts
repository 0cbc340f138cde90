import { describe, expect, it } from 'vitest';
import { codeInputValue } from './phone-code-form';

describe('the code input (spec §5: 6 characters)', () => {
  it('keeps digits only, at most six', () => {
    expect(codeInputValue('12a3 4-5')).toBe('12345');
    expect(codeInputValue('1234567890')).toBe('123456');
    expect(codeInputValue('<script>')).toBe('');
  });
});
