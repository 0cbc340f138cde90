import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POSTING_KINDS } from '@reef/contract';
import {
  CONSOLE_CATALOGUE_LOADERS,
  CONSOLE_LANGUAGES,
  consoleLanguage,
  restoreConsoleLanguage,
  setConsoleLanguage,
  translate,
  type ConsoleLanguage,
} from './i18n';
import { de } from './locales/de';
import { en } from './locales/en';
import { pt } from './locales/pt';
import { ru } from './locales/ru';
import { zhCn } from './locales/zh-cn';
import { zhTw } from './locales/zh-tw';

const files: Record<ConsoleLanguage, Record<string, string>> = { 'zh-tw': zhTw, 'zh-cn': zhCn, en, pt, de, ru };
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

describe('console language files', () => {
  const sourceKeys = Object.keys(en).sort();

  it('cover the six languages of the select, each loadable', () => {
    expect(CONSOLE_LANGUAGES.map((l) => l.code).sort()).toEqual(Object.keys(files).sort());
    expect(Object.keys(CONSOLE_CATALOGUE_LOADERS).sort()).toEqual(['de', 'en', 'pt', 'ru', 'zh-cn']);
  });

  for (const [code, file] of Object.entries(files)) {
    it(`${code}: exactly the keys of en, none empty, the same placeholders`, () => {
      expect(Object.keys(file).sort()).toEqual(sourceKeys);
      const empty = Object.entries(file).filter(([, text]) => text.trim() === '');
      expect(empty.map(([key]) => key)).toEqual([]);
      const differing = sourceKeys.filter((key) => placeholders(file[key]!).join() !== placeholders(en[key as keyof typeof en]).join());
      expect(differing).toEqual([]);
    });
  }

  it('every non-default file is translated, not English copied over', () => {
    // Strings that may equal the English one in any language: product names, codes, abbreviations.
    const same = (code: ConsoleLanguage) =>
      Object.keys(en).filter((key) => files[code][key] === en[key as keyof typeof en] && !/^[A-Z0-9 /]+$/.test(en[key as keyof typeof en]));
    for (const code of ['zh-tw', 'zh-cn', 'ru'] as const) expect(same(code)).toEqual([]);
    // Latin-script languages share some words with English (Status, Details, Name, Miner, Total); all but a few
    // percent must differ.
    for (const code of ['pt', 'de'] as const) expect(same(code).length).toBeLessThan(Object.keys(en).length * 0.03);
  });
});

describe('the user journal’s kinds', () => {
  it('every posting kind of the contract has its label in each of the six languages, and no other kind has one', () => {
    for (const [code, file] of Object.entries(files)) {
      const labelled = Object.keys(file)
        .filter((key) => key.startsWith('journal.kind.'))
        .map((key) => key.slice('journal.kind.'.length));
      expect(labelled.sort(), code).toEqual([...POSTING_KINDS].sort());
      expect(
        POSTING_KINDS.filter((kind) => !file[`journal.kind.${kind}`]?.trim()),
        code,
      ).toEqual([]);
    }
  });
});

describe('the console language store', () => {
  let stored: Map<string, string>;
  let root: { lang: string };
  let doc: { documentElement: { lang: string }; title: string };

  beforeEach(() => {
    stored = new Map();
    root = { lang: 'zh-TW' };
    doc = { documentElement: root, title: '' };
    vi.stubGlobal('document', doc);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
  });
  afterEach(async () => {
    await setConsoleLanguage('zh-tw');
    vi.unstubAllGlobals();
  });

  it('switches to each language once loaded, keeps the choice and sets <html lang> and the title', async () => {
    for (const { code, tag } of CONSOLE_LANGUAGES) {
      await setConsoleLanguage(code);
      expect(consoleLanguage()).toBe(code);
      expect(root.lang).toBe(tag);
      expect(stored.get('reef_console_language')).toBe(code);
      expect(doc.title).toBe(files[code]['app.title']);
      expect(translate(code, 'desk.queue', { count: 7 })).toBe(files[code]['desk.queue']!.replace('{{count}}', '7'));
    }
  });

  it('a later choice wins over a slower earlier one', async () => {
    const first = setConsoleLanguage('ru');
    const second = setConsoleLanguage('de');
    await Promise.all([first, second]);
    expect(consoleLanguage()).toBe('de');
    expect(root.lang).toBe('de');
    expect(stored.get('reef_console_language')).toBe('de');
  });

  it('restores the stored choice on start, the default for anything else', async () => {
    stored.set('reef_console_language', 'pt');
    await restoreConsoleLanguage();
    expect(consoleLanguage()).toBe('pt');
    expect(root.lang).toBe('pt');
    stored.set('reef_console_language', 'klingon');
    await restoreConsoleLanguage();
    expect(consoleLanguage()).toBe('zh-tw');
    expect(root.lang).toBe('zh-TW');
  });
});
