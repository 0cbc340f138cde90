import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reef/contract';
import { PAGE_IDS } from '../lib/pages';
import deDe from './locales/de-de.json';
import enUs from './locales/en-us.json';
import ptBr from './locales/pt-br.json';
import ruRu from './locales/ru-ru.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';

const catalogues: Record<string, unknown> = {
  'zh-tw': zhTw,
  'zh-cn': zhCn,
  'en-us': enUs,
  'pt-br': ptBr,
  'de-de': deDe,
  'ru-ru': ruRu,
};

/** Flattens a catalogue to "a.b.c" → value. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const reference = flatten(zhTw);

describe('locale catalogues', () => {
  it('has one catalogue per contract language', () => {
    expect(Object.keys(catalogues).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  for (const [code, catalogue] of Object.entries(catalogues)) {
    it(`${code} has exactly the keys of zh-tw, each a non-empty string with the same placeholders`, () => {
      const flat = flatten(catalogue);
      expect([...flat.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, value] of flat) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
        expect(placeholders(value as string), key).toEqual(placeholders(reference.get(key) as string));
      }
    });
  }

  it('titles every page of spec §2', () => {
    const titles = Object.keys(zhTw.titles).sort();
    expect(titles).toEqual([...PAGE_IDS].sort());
  });
});
