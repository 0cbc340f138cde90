/**
 * The UI's translations (decision 046): a catalogue per language (`locales/<code>.json`), each split at build time
 * into the keys the first screen draws and the rest (`first-screen.ts`, `vite-plugins/catalogue-split.ts`). Start-up
 * loads the first part of the stored language; the rest arrives with the first lazy page or lazy part that needs it
 * (`withFullCatalogue`); a language switch loads both parts before it switches.
 *
 * What the app uses of a translation library is a key lookup with `{{name}}` placeholders, the current language and
 * a re-render when either changes, so this module does that itself (about 1 KB instead of i18next and
 * react-i18next's 16 KB brotli in the entry). Keys are typed from the zh-tw catalogue: `t('home.tittle')` does not
 * compile.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguageCode, STORAGE_LANGUAGE_KEY, type LanguageCode } from '@reef/contract';
import { readStorage, writeStorage } from '../lib/storage';
import type zhTw from './locales/zh-tw.json';

export type Catalogue = typeof zhTw;

/** Every key of the catalogue as a dotted path: 'home.welcome', 'titles.index/index', … */
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = KeyPaths<Catalogue>;
/** Values for a string's `{{name}}` placeholders. */
export type TranslationValues = Record<string, string | number | bigint | null | undefined>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

type Tree = { [key: string]: string | Tree };
type Part = 'first' | 'rest';

// Each part of each catalogue is its own chunk: start-up fetches one, the first page after Home another.
const firstParts = import.meta.glob<Tree>('./locales/*.json', { query: '?part=first', import: 'default' });
const restParts = import.meta.glob<Tree>('./locales/*.json', { query: '?part=rest', import: 'default' });

const HTML_LANG: Record<LanguageCode, string> = {
  'zh-tw': 'zh-TW',
  'zh-cn': 'zh-CN',
  'en-us': 'en-US',
  'pt-br': 'pt-BR',
  'de-de': 'de-DE',
  'ru-ru': 'ru-RU',
};

/** What is loaded of each language: the merged keys and which parts they came from. */
const loaded = new Map<LanguageCode, { tree: Tree; parts: Set<Part> }>();
const pending = new Map<string, Promise<Tree>>();
let language: LanguageCode | undefined;
const listeners = new Set<() => void>();
const languageListeners = new Set<(code: LanguageCode) => void>();

function fetchPart(code: LanguageCode, part: Part): Promise<Tree> {
  const id = `${code}:${part}`;
  let request = pending.get(id);
  if (!request) {
    const load = (part === 'first' ? firstParts : restParts)[`./locales/${code}.json`];
    if (!load) return Promise.reject(new Error(`no catalogue for ${code}`));
    // A failed fetch is forgotten, so the next use asks again.
    request = load().catch((error: unknown) => {
      pending.delete(id);
      throw error;
    });
    pending.set(id, request);
  }
  return request;
}

function merge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [name, value] of Object.entries(source)) {
    const current = out[name];
    out[name] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

const hasPart = (code: LanguageCode, part: Part) => loaded.get(code)?.parts.has(part) ?? false;
const isComplete = (code: LanguageCode) => hasPart(code, 'first') && hasPart(code, 'rest');

/** Loads the parts of `code` not loaded yet; true when something was added. */
async function loadParts(code: LanguageCode, parts: Part[]): Promise<boolean> {
  const missing = parts.filter((part) => !hasPart(code, part));
  if (missing.length === 0) return false;
  const trees = await Promise.all(missing.map((part) => fetchPart(code, part)));
  const entry = loaded.get(code) ?? { tree: {}, parts: new Set<Part>() };
  missing.forEach((part, i) => {
    if (entry.parts.has(part)) return;
    entry.tree = merge(entry.tree, trees[i]!);
    entry.parts.add(part);
  });
  loaded.set(code, entry);
  return true;
}

/** Loads the parts of the current language still missing (after a failed start-up, the first part too). */
function loadMissing(): Promise<void> {
  return loadParts(currentLanguage(), ['first', 'rest']).then((added) => {
    if (added) notify();
  });
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const name of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[name];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The translation of `key` in the current language. A key of the part not loaded yet reads as an empty string (never
 * the raw key on screen) and starts loading it; everyone using `useTranslation` re-renders when it arrives. A key
 * missing from a complete catalogue reads as the key itself (the locale test keeps every key in every language).
 */
export const t: TFunction = (key, values) => {
  const code = currentLanguage();
  const text = lookup(loaded.get(code)?.tree, key);
  if (text !== undefined) return interpolate(text, values);
  if (!isComplete(code)) {
    void loadMissing().catch(() => undefined);
    return '';
  }
  return key;
};

let snapshot = makeSnapshot();
function makeSnapshot() {
  const code = currentLanguage();
  // A new function per change, so hooks that list `t` as a dependency run again.
  const translate: TFunction = (key, values) => t(key, values);
  return { t: translate, i18n: { language: code } };
}
function notify() {
  snapshot = makeSnapshot();
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` and the current language; the component re-renders on a language switch and when more keys arrive. */
export function useTranslation(): { t: TFunction; i18n: { language: LanguageCode } } {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Loads the rest of the current language's catalogue (once); the first lazy page awaits it before it renders. */
export function loadFullCatalogue(): Promise<void> {
  return loadMissing();
}

/** A lazy module's loader that also waits for the whole catalogue, so the part renders with every string. */
export function withFullCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadFullCatalogue()]).then(([module]) => module);
}

/** Called after every language switch (the chat socket reconnects with the new Accept-Language). */
export function onLanguageChanged(listener: (code: LanguageCode) => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

export function storedLanguage(): LanguageCode {
  const saved = readStorage(STORAGE_LANGUAGE_KEY);
  return saved !== null && isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
}

/** The language of the UI, which is also the Accept-Language sent with every call. */
export function currentLanguage(): LanguageCode {
  return language ?? storedLanguage();
}

/** BCP 47 tag for <html lang> and Intl formatting. */
export function localeTag(code: LanguageCode = currentLanguage()): string {
  return HTML_LANG[code];
}

export async function initI18n(): Promise<void> {
  const code = storedLanguage();
  try {
    await loadParts(code, ['first']);
  } catch {
    // One retry covers a dropped connection; after that the app starts (its strings empty, never raw keys) and the
    // next lookup asks for the catalogue again.
    await loadParts(code, ['first']).catch(() => undefined);
  }
  language = code;
  notify();
  document.documentElement.lang = localeTag(code);
}

export async function changeLanguage(code: LanguageCode): Promise<void> {
  await loadParts(code, ['first', 'rest']);
  const changed = code !== language;
  language = code;
  writeStorage(STORAGE_LANGUAGE_KEY, code);
  document.documentElement.lang = localeTag(code);
  notify();
  if (changed) for (const listener of languageListeners) listener(code);
}
