import { describe, expect, it } from 'vitest';
import { phoneNumber } from './http/phone.js';
import { callingCode, DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, toE164 } from './phone-number.js';

describe('toE164 (decision 118: what people type, to E.164)', () => {
  it('drops the trunk 0 of a national number in the country picked', () => {
    expect(toE164('0912000111', 'TW')).toBe('+886912000111');
    expect(toE164('0912-000-111', 'TW')).toBe('+886912000111');
    expect(toE164(' (09) 1200 0111 ', 'TW')).toBe('+886912000111');
    expect(toE164('912000111', 'TW')).toBe('+886912000111');
    expect(toE164('0151 12345678', 'DE')).toBe('+4915112345678');
    expect(toE164('8 916 123-45-67', 'RU')).toBe('+79161234567');
    expect(toE164('(11) 91234-5678', 'BR')).toBe('+5511912345678');
    expect(toE164('(202) 555-0143', 'US')).toBe('+12025550143');
    expect(toE164('139 1234 5678', 'CN')).toBe('+8613912345678');
  });

  it('keeps the country of a number typed with +, whatever was picked', () => {
    expect(toE164('+1 202 555 0143', 'TW')).toBe('+12025550143');
    expect(toE164('+886 912 000 111', 'DE')).toBe('+886912000111');
    expect(toE164('+8613912345678')).toBe('+8613912345678');
  });

  it('reads a mainland mobile without its country code as +86 when no country is given (the server, decision 076)', () => {
    expect(toE164('13912345678')).toBe('+8613912345678');
    expect(toE164('0912000111')).toBeNull();
  });

  it('refuses what is not a number of the right length for its country', () => {
    for (const bad of ['', '   ', '12345', 'phone', '+0123456789', '+8869<script>', '+886 12', '0912000111999', '0912 abc 111', '++886912000111']) {
      expect(toE164(bad, 'TW'), bad).toBeNull();
    }
    expect(toE164('13912345678', 'TW')).toBeNull();
    expect(toE164(`+886${'9'.repeat(40)}`, 'TW')).toBeNull();
  });

  it('has a calling code for every country of the picker and a default for every language', () => {
    expect(PHONE_COUNTRIES.map(callingCode).every((code) => /^\+\d{1,3}$/.test(code))).toBe(true);
    expect(new Set(PHONE_COUNTRIES).size).toBe(PHONE_COUNTRIES.length);
    expect(Object.values(DEFAULT_PHONE_COUNTRY).every((country) => PHONE_COUNTRIES.includes(country))).toBe(true);
    expect(DEFAULT_PHONE_COUNTRY).toEqual({ 'zh-tw': 'TW', 'zh-cn': 'CN', 'en-us': 'US', 'pt-br': 'BR', 'de-de': 'DE', 'ru-ru': 'RU' });
    expect(callingCode('TW')).toBe('+886');
  });
});

describe('the contract reads a number as the page does', () => {
  it('normalises the E.164 the page sends and names PHONE_INVALID for what is not a number', () => {
    expect(phoneNumber.parse(toE164('0912000111', 'TW'))).toBe('+886912000111');
    const refused = phoneNumber.safeParse('0912000111');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ code: 'custom', params: { refusal: 'PHONE_INVALID' } });
  });
});
