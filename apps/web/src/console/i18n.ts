/**
 * The console's strings (decision 085): one file a language in `locales/`, English the source of the keys and
 * Traditional Chinese the default, as in the app. Each file is typed `Record<ConsoleKey, string>`, so a missing
 * string fails the type check.
 *
 * Only Traditional Chinese is in the entry chunk; every other language is its own chunk, imported when chosen (or at
 * start when it is the stored choice, before the first render: `restoreConsoleLanguage`). The store switches only
 * once the chunk is in, so a string is never looked up in a catalogue that is not there.
 */
import { useSyncExternalStore } from 'react';
import type { ConsoleKey } from './locales/en';
import { zhTw } from './locales/zh-tw';

export type { ConsoleKey };
export type ConsoleCatalogue = Record<ConsoleKey, string>;

/** The six languages: the stored code, the BCP-47 tag for `<html lang>` and the name in the language itself. */
export const CONSOLE_LANGUAGES = [
  { code: 'zh-tw', tag: 'zh-TW', label: '繁體中文' },
  { code: 'zh-cn', tag: 'zh-CN', label: '简体中文' },
  { code: 'en', tag: 'en', label: 'English' },
  { code: 'pt', tag: 'pt', label: 'Português' },
  { code: 'de', tag: 'de', label: 'Deutsch' },
  { code: 'ru', tag: 'ru', label: 'Русский' },
] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number]['code'];
export const DEFAULT_CONSOLE_LANGUAGE: ConsoleLanguage = 'zh-tw';
const LANGUAGE_KEY = 'reef_console_language';

/** One dynamic import a language (a literal path each, so the bundler splits them); the default is already here. */
export const CONSOLE_CATALOGUE_LOADERS: Record<Exclude<ConsoleLanguage, 'zh-tw'>, () => Promise<ConsoleCatalogue>> = {
  'zh-cn': () => import('./locales/zh-cn').then((m) => m.zhCn),
  en: () => import('./locales/en').then((m) => m.en),
  pt: () => import('./locales/pt').then((m) => m.pt),
  de: () => import('./locales/de').then((m) => m.de),
  ru: () => import('./locales/ru').then((m) => m.ru),
};

const catalogues: Partial<Record<ConsoleLanguage, ConsoleCatalogue>> = { 'zh-tw': zhTw };
let language: ConsoleLanguage = DEFAULT_CONSOLE_LANGUAGE;
/** The last language asked for: a slow chunk that arrives after a later choice must not win. */
let wanted: ConsoleLanguage = DEFAULT_CONSOLE_LANGUAGE;
const listeners = new Set<() => void>();

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return CONSOLE_LANGUAGES.some((l) => l.code === value);
}

function storedLanguage(): ConsoleLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isConsoleLanguage(stored) ? stored : DEFAULT_CONSOLE_LANGUAGE;
  } catch {
    return DEFAULT_CONSOLE_LANGUAGE;
  }
}

async function load(lang: ConsoleLanguage): Promise<ConsoleCatalogue> {
  const ready = catalogues[lang];
  if (ready) return ready;
  const loaded = await CONSOLE_CATALOGUE_LOADERS[lang as Exclude<ConsoleLanguage, 'zh-tw'>]();
  catalogues[lang] = loaded;
  return loaded;
}

function apply(lang: ConsoleLanguage): void {
  language = lang;
  document.documentElement.lang = CONSOLE_LANGUAGES.find((l) => l.code === lang)!.tag;
  document.title = catalogues[lang]!['app.title'];
  for (const listener of listeners) listener();
}

export function consoleLanguage(): ConsoleLanguage {
  return language;
}

/**
 * Loads the chosen language's chunk, then switches to it and keeps the choice for the next visit. When the chunk
 * does not load (the network), the promise rejects and nothing changes.
 */
export async function setConsoleLanguage(next: ConsoleLanguage): Promise<void> {
  wanted = next;
  await load(next);
  if (wanted !== next) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Kept for this tab only.
  }
  apply(next);
}

/**
 * The stored choice, loaded before the first render so the console does not flash in the default language. A chunk
 * that fails to load (the network) leaves the default on, which is always there.
 */
export async function restoreConsoleLanguage(): Promise<void> {
  const stored = storedLanguage();
  wanted = stored;
  try {
    await load(stored);
    if (wanted === stored) apply(stored);
  } catch {
    apply(DEFAULT_CONSOLE_LANGUAGE);
  }
}

/** One string in a loaded language, `{{name}}` filled from `values`; the default language stands in until it is loaded. */
export function translate(lang: ConsoleLanguage, key: ConsoleKey, values: Record<string, string | number> = {}): string {
  const catalogue = catalogues[lang] ?? zhTw;
  return catalogue[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Whether `key` is one of the console's strings (every language carries the same keys as the default). */
export function isConsoleKey(key: string): key is ConsoleKey {
  return Object.hasOwn(zhTw, key);
}

export type Translate = (key: ConsoleKey, values?: Record<string, string | number>) => string;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language, re-rendering its component when it changes. */
export function useConsoleLanguage(): ConsoleLanguage {
  return useSyncExternalStore(subscribe, () => language);
}

export function useT(): Translate {
  const lang = useConsoleLanguage();
  return (key, values) => translate(lang, key, values);
}
