import { describe, expect, it } from 'vitest';
import { closeReason, socketLanguage } from './chat-gateway.js';

describe('closeReason', () => {
  it('keeps a reason within the 123 bytes a close frame allows, cutting on a character boundary', () => {
    expect(closeReason('410001 short')).toBe('410001 short');
    const chinese = `410002 ${'登入已過期'.repeat(20)}`;
    const cut = closeReason(chinese);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(123);
    expect(Buffer.byteLength(cut)).toBeGreaterThan(119);
    expect(chinese.startsWith(cut)).toBe(true);
  });
});

describe('socketLanguage', () => {
  it.each([
    ['en-us', undefined, 'en-us'],
    ['cn', 'de', 'zh-cn'],
    ['rus', undefined, 'ru-ru'],
    ['en', undefined, 'en-us'],
    ['  ', 'de-DE,de;q=0.9', 'de-de'],
    [undefined, 'pt-BR', 'pt-br'],
    [undefined, undefined, 'zh-tw'],
    ['xx', undefined, 'zh-tw'],
  ])('lang %s with Accept-Language %s → %s', (lang, header, expected) => {
    expect(socketLanguage(lang, header)).toBe(expected);
  });
});
