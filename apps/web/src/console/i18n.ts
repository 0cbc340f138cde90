/**
 * The console's strings (decision 085): one file a language in `locales/`, English the source of the keys and
 * Traditional Chinese the default, as in the app. Each file is typed `Record<ConsoleKey, string>`, so a missing
 * string fails the type check.
 */
import { useSyncExternalStore } from 'react';
import { en, type ConsoleKey } from './locales/en';
import { zhTw } from './locales/zh-tw';

export type { ConsoleKey };

export const CONSOLE_LANGUAGES = { 'zh-tw': zhTw, en } as const;
export type ConsoleLanguage = keyof typeof CONSOLE_LANGUAGES;
const LANGUAGE_KEY = 'reef_console_language';

let language: ConsoleLanguage = readLanguage();
const listeners = new Set<() => void>();

function readLanguage(): ConsoleLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored === 'en' ? 'en' : 'zh-tw';
  } catch {
    return 'zh-tw';
  }
}

export function consoleLanguage(): ConsoleLanguage {
  return language;
}

export function setConsoleLanguage(next: ConsoleLanguage): void {
  language = next;
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Kept for this tab only.
  }
  document.documentElement.lang = next === 'en' ? 'en' : 'zh-TW';
  for (const listener of listeners) listener();
}

export function translate(lang: ConsoleLanguage, key: ConsoleKey, values: Record<string, string | number> = {}): string {
  return CONSOLE_LANGUAGES[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export type Translate = (key: ConsoleKey, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const lang = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => language,
  );
  return (key, values) => translate(lang, key, values);
}
