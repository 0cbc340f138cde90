import { describe, expect, it } from 'vitest';
import { languageFromCode, pickLanguage } from './languages.js';

describe('Accept-Language', () => {
  it.each([
    [undefined, 'zh-tw'],
    ['', 'zh-tw'],
    ['en-us', 'en-us'],
    ['en-US,en;q=0.9', 'en-us'],
    ['en', 'en-us'],
    ['zh-CN', 'zh-cn'],
    ['zh-Hans', 'zh-cn'],
    ['zh-HK', 'zh-tw'],
    ['zh', 'zh-tw'],
    ['pt-PT', 'pt-br'],
    ['de', 'de-de'],
    ['ru-RU', 'ru-ru'],
    ['fr-FR', 'zh-tw'],
    ['fr-FR, de;q=0.5', 'de-de'],
    ['ru;q=0.2, en;q=0.8', 'en-us'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe("the spec's short language codes (decision 077)", () => {
  it.each([
    ['en', 'en-us'],
    ['cn', 'zh-cn'],
    ['CN', 'zh-cn'],
    ['zh_CN', 'zh-cn'],
    ['tw', 'zh-tw'],
    ['rus', 'ru-ru'],
    ['ru', 'ru-ru'],
    ['pt', 'pt-br'],
    ['de', 'de-de'],
    ['de-de', 'de-de'],
    ['fr', null],
    ['constructor', null],
    ['', null],
  ])('%s → %s', (code, expected) => {
    expect(languageFromCode(code)).toBe(expected);
  });

  it('reads them in Accept-Language too', () => {
    expect(pickLanguage('rus')).toBe('ru-ru');
    expect(pickLanguage('cn, en;q=0.5')).toBe('zh-cn');
  });
});
