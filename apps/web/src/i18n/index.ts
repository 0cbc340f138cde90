/**
 * The UI's translations (decisions 001, 046): i18next is the engine (lookup, `{{name}}` interpolation, fallback and the
 * resource store); this module is the thin adapter the components import instead of react-i18next. A catalogue per
 * language (`locales/<code>.json`) is split at build time into the keys the first screen draws and the rest
 * (`first-screen.ts`, `vite-plugins/catalogue-split.ts`); each part reaches i18next through `addResourceBundle`.
 * Start-up loads the first part of the stored language; the rest arrives with the first lazy page or lazy part that
 * needs it (`withFullCatalogue`); a language switch loads both parts before it switches.
 *
 * `useTranslation` is a `useSyncExternalStore` over i18next's `languageChanged` and the store's `added` events (what
 * react-i18next did for us, without its 2 KB). Keys are typed from the zh-tw catalogue: `t('home.tittle')` does not
 * compile.
 */
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguageCode, languageFromCode, STORAGE_LANGUAGE_KEY, type LanguageCode } from '@reef/contract';
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

/** Which parts of each language i18next holds (it merges them into one `translation` bundle). */
const loadedParts = new Map<LanguageCode, Set<Part>>();
const pending = new Map<string, Promise<Tree>>();
const languageListeners = new Set<(code: LanguageCode) => void>();

const i18n = i18next.createInstance();
void i18n.init({
  // Resources come only through addResourceBundle, so init is synchronous and no backend is involved.
  resources: {},
  initAsync: false,
  // i18next would otherwise canonicalise "zh-tw" to "zh-TW" and miss the bundle.
  lowerCaseLng: true,
  load: 'currentOnly',
  fallbackLng: false,
  // React escapes what it renders; i18next escaping too would show "&amp;".
  interpolation: { escapeValue: false },
  // An absent or undefined value reads as empty, not as the raw "{{name}}".
  missingInterpolationHandler: () => '',
  // A key of a part not loaded yet reads as empty (never the raw key on screen) and starts loading it; everyone using
  // `useTranslation` re-renders when it arrives. A key missing from a complete catalogue reads as the key (the locale
  // test keeps every key in every language).
  parseMissingKeyHandler: (key: string) => {
    if (isComplete(currentLanguage())) return key;
    void loadMissing().catch(() => undefined);
    return '';
  },
});

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

const hasPart = (code: LanguageCode, part: Part) => loadedParts.get(code)?.has(part) ?? false;
const isComplete = (code: LanguageCode) => hasPart(code, 'first') && hasPart(code, 'rest');

/** Loads the parts of `code` not loaded yet into i18next (one deep-merged bundle per language). */
async function loadParts(code: LanguageCode, parts: Part[]): Promise<void> {
  const missing = parts.filter((part) => !hasPart(code, part));
  if (missing.length === 0) return;
  const trees = await Promise.all(missing.map((part) => fetchPart(code, part)));
  const have = loadedParts.get(code) ?? new Set<Part>();
  loadedParts.set(code, have);
  missing.forEach((part, i) => {
    if (have.has(part)) return;
    have.add(part);
    // Emits the store's `added` event, which re-renders every `useTranslation` user.
    i18n.addResourceBundle(code, 'translation', trees[i]!, true, true);
  });
}

/** Loads the parts of the current language still missing (after a failed start-up, the first part too). */
function loadMissing(): Promise<void> {
  return loadParts(currentLanguage(), ['first', 'rest']);
}

const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;

/** The translation of `key` in the current language (i18next's lookup and interpolation). */
export const t: TFunction = (key, values) =>
  // `replace` keeps the values apart from i18next's options (a placeholder named `count` or `lng` stays a value).
  translate(key, { lng: currentLanguage(), replace: values ?? {} });

let snapshot = makeSnapshot();
function makeSnapshot() {
  const code = currentLanguage();
  // A new function per change, so hooks that list `t` as a dependency run again.
  const translateNow: TFunction = (key, values) => t(key, values);
  return { t: translateNow, i18n: { language: code } };
}
const listeners = new Set<() => void>();
// One handler for both events: the snapshot changes once per event, then every subscriber hears it.
function update() {
  snapshot = makeSnapshot();
  for (const listener of listeners) listener();
}
i18n.on('languageChanged', update);
i18n.store.on('added', update);
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

/**
 * Once more, a second later, when a load fails: a phone's network drops for a moment far more often than a deploy
 * removes a chunk, and a part that cannot load (the sign-in prompt, a sheet) would take the page down with it.
 */
function twice<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => new Promise((wait) => setTimeout(wait, 1000)).then(load));
}

/** A lazy module's loader that also waits for the whole catalogue, so the part renders with every string. */
export function withFullCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([twice(load), twice(loadFullCatalogue)]).then(([module]) => module);
}

/** Called after every language switch (the chat socket reconnects with the new Accept-Language). */
export function onLanguageChanged(listener: (code: LanguageCode) => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

/** The stored choice, in any spelling the spec uses (en, cn, rus…, decision 077), as one of the six catalogues. */
export function storedLanguage(): LanguageCode {
  return languageFromCode(readStorage(STORAGE_LANGUAGE_KEY)) ?? DEFAULT_LANGUAGE;
}

/** The language of the UI, which is also the Accept-Language sent with every call. */
export function currentLanguage(): LanguageCode {
  const code = i18n.language;
  return code && isLanguageCode(code) ? code : storedLanguage();
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
  await i18n.changeLanguage(code);
  document.documentElement.lang = localeTag(code);
}

export async function changeLanguage(code: LanguageCode): Promise<void> {
  await loadParts(code, ['first', 'rest']);
  const changed = code !== i18n.language;
  await i18n.changeLanguage(code);
  writeStorage(STORAGE_LANGUAGE_KEY, code);
  document.documentElement.lang = localeTag(code);
  if (changed) for (const listener of languageListeners) listener(code);
}
