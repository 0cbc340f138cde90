import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LanguageCode } from '@reef/contract';
import { GLOSSARY, type GlossaryConcept } from './glossary';
import deDe from './locales/de-de.json';
import enUs from './locales/en-us.json';
import ptBr from './locales/pt-br.json';
import ruRu from './locales/ru-ru.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';

const catalogues: Record<LanguageCode, unknown> = {
  'zh-tw': zhTw,
  'zh-cn': zhCn,
  'en-us': enUs,
  'pt-br': ptBr,
  'de-de': deDe,
  'ru-ru': ruRu,
};

/** Every string of a catalogue with its key, soft hyphens (U+00AD) and {{placeholders}} taken out. */
function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node.replace(/\u00ad/g, '').replace(/\{\{[^}]*\}\}/g, ' ')]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An avoided word as a pattern: whole words for alphabetic scripts (a trailing * for longer forms), substrings for Chinese. */
export function avoidPattern(word: string): RegExp {
  if (/\p{Script=Han}/u.test(word)) return new RegExp(escape(word), 'u');
  const stem = word.endsWith('*') ? `${escape(word.slice(0, -1))}\\p{L}*` : escape(word);
  return new RegExp(`(?<![\\p{L}\\p{N}])${stem}(?![\\p{L}\\p{N}])`, 'iu');
}

const concepts = Object.keys(GLOSSARY) as GlossaryConcept[];

describe('glossary', () => {
  it('has one entry per concept for every language', () => {
    for (const concept of concepts) {
      expect(Object.keys(GLOSSARY[concept]).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    }
  });

  it('matches whole words, longer forms with *, and Chinese as substrings', () => {
    expect(avoidPattern('Auflad*').test('RUSD-Aufladung zum Kurs')).toBe(true);
    expect(avoidPattern('Umtausch').test('Sofortumtausch')).toBe(false);
    expect(avoidPattern('tauschen').test('Jetzt tauschen')).toBe(true);
    expect(avoidPattern('recharge*').test('Recharge records')).toBe(true);
    expect(avoidPattern('recharge*').test('charge')).toBe(false);
    expect(avoidPattern('閃兌').test('前往閃兌')).toBe(true);
  });

  for (const { code } of LANGUAGES) {
    it(`${code}: each concept has its one word, and no catalogue string uses a synonym`, () => {
      const strings = texts(catalogues[code]);
      const found: string[] = [];
      for (const concept of concepts) {
        const { term, avoid } = GLOSSARY[concept][code];
        expect(
          strings.some(([, text]) => text.toLowerCase().includes(term.toLowerCase())),
          `${code} ${concept}: "${term}" is used nowhere`,
        ).toBe(true);
        for (const word of avoid) {
          const pattern = avoidPattern(word);
          for (const [key, text] of strings) if (pattern.test(text)) found.push(`${concept}: "${word}" in ${key}: ${text}`);
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
