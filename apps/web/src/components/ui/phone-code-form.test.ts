import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_COUNTRY, toE164 } from '@reef/contract';
import { codeInputValue, fieldOfRefusal } from './phone-code-form';

describe('the code input (spec §5: 6 characters)', () => {
  it('keeps digits only, at most six', () => {
    expect(codeInputValue('12a3 4-5')).toBe('12345');
    expect(codeInputValue('1234567890')).toBe('123456');
    expect(codeInputValue('<script>')).toBe('');
  });
});

describe('the number as the form sends it (issue 25 §10, decision 118)', () => {
  it('reads a local number in the country the language starts at, and a + number in its own country', () => {
    expect(toE164('0912000111', DEFAULT_PHONE_COUNTRY['zh-tw'])).toBe('+886912000111');
    expect(toE164('0912 000 111', DEFAULT_PHONE_COUNTRY['zh-tw'])).toBe('+886912000111');
    expect(toE164('139-1234-5678', DEFAULT_PHONE_COUNTRY['zh-cn'])).toBe('+8613912345678');
    expect(toE164('+886912000111', DEFAULT_PHONE_COUNTRY['ru-ru'])).toBe('+886912000111');
    expect(toE164('12345', DEFAULT_PHONE_COUNTRY['en-us'])).toBeNull();
  });
});

describe('where a refusal shows', () => {
  it('puts the code’s refusals under the code, the number’s under the number, and the rest in a toast', () => {
    for (const code of ['PHONE_CODE_INVALID', 'PHONE_CODE_EXPIRED', 'PHONE_CODE_LOCKED']) expect(fieldOfRefusal(code)).toBe('code');
    for (const code of ['PHONE_INVALID', 'PHONE_CODE_TOO_SOON', 'PHONE_SEND_LIMIT', 'PHONE_TAKEN', 'PHONE_NOT_BOUND', 'SMS_UNAVAILABLE', 'SMS_NOT_SUPPORTED']) {
      expect(fieldOfRefusal(code)).toBe('phone');
    }
    for (const code of ['TOO_FREQUENT', 'PARAMETER_ERROR', 'INTERNAL_ERROR']) expect(fieldOfRefusal(code)).toBeNull();
  });
});
