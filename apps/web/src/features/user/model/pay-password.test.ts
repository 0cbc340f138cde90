import { describe, expect, it } from 'vitest';
import { checkPayPassword } from './pay-password';

describe('checkPayPassword', () => {
  const set = (password: string, confirm: string) => checkPayPassword({ changing: false, old: '', password, confirm });

  it('needs six digits entered twice', () => {
    expect(set('', '')).toBe('passwordRequired');
    expect(set('12345', '12345')).toBe('passwordInvalid');
    expect(set('12345a', '12345a')).toBe('passwordInvalid');
    expect(set('123456', '')).toBe('confirmRequired');
    expect(set('123456', '123457')).toBe('mismatch');
    expect(set('012345', '012345')).toBeNull();
  });

  it('needs the old password when changing', () => {
    expect(checkPayPassword({ changing: true, old: '', password: '123456', confirm: '123456' })).toBe('oldRequired');
    expect(checkPayPassword({ changing: true, old: '12', password: '123456', confirm: '123456' })).toBe('oldInvalid');
    expect(checkPayPassword({ changing: true, old: '654321', password: '123456', confirm: '123456' })).toBeNull();
  });
});
