import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode, STORAGE_LANGUAGE_KEY, type LanguageCode } from '@reef/contract';
import { readStorage, writeStorage } from '../lib/storage';
import type zhTw from './locales/zh-tw.json';

export type Catalogue = typeof zhTw;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalogue };
  }
}

// Each catalogue is its own chunk: only the current language is fetched at start-up.
const catalogues = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });

const HTML_LANG: Record<LanguageCode, string> = {
  'zh-tw': 'zh-TW',
  'zh-cn': 'zh-CN',
  'en-us': 'en-US',
  'pt-br': 'pt-BR',
  'de-de': 'de-DE',
  'ru-ru': 'ru-RU',
};

async function loadCatalogue(code: LanguageCode): Promise<Catalogue> {
  const load = catalogues[`./locales/${code}.json`];
  if (!load) throw new Error(`no catalogue for ${code}`);
  return load();
}

export function storedLanguage(): LanguageCode {
  const saved = readStorage(STORAGE_LANGUAGE_KEY);
  return saved !== null && isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
}

/** The language of the UI, which is also the Accept-Language sent with every call. */
export function currentLanguage(): LanguageCode {
  const language = i18next.language;
  return language && isLanguageCode(language) ? language : storedLanguage();
}

/** BCP 47 tag for <html lang> and Intl formatting. */
export function localeTag(code: LanguageCode = currentLanguage()): string {
  return HTML_LANG[code];
}

export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  let translation: Catalogue | undefined;
  try {
    translation = await loadCatalogue(language);
  } catch {
    // One retry covers a dropped connection; after that the app starts and shows keys
    // rather than a blank screen.
    translation = await loadCatalogue(language).catch(() => undefined);
  }
  await i18next.use(initReactI18next).init({
    lng: language,
    // i18next would otherwise canonicalise "zh-tw" to "zh-TW" and miss the bundle.
    lowerCaseLng: true,
    load: 'currentOnly',
    fallbackLng: false,
    resources: translation ? { [language]: { translation } } : {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  document.documentElement.lang = localeTag(language);
}

export async function changeLanguage(code: LanguageCode): Promise<void> {
  if (!i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', await loadCatalogue(code));
  }
  await i18next.changeLanguage(code);
  writeStorage(STORAGE_LANGUAGE_KEY, code);
  document.documentElement.lang = localeTag(code);
}

export { i18next };
