/**
 * The six languages. `code` is the request header value (spec §7 uses en-us, zh-cn, ru-ru);
 * Traditional Chinese is the default.
 */
export const LANGUAGES = [
  { code: 'zh-tw', label: '繁體中文' },
  { code: 'zh-cn', label: '简体中文' },
  { code: 'en-us', label: 'English' },
  { code: 'pt-br', label: 'Português' },
  { code: 'de-de', label: 'Deutsch' },
  { code: 'ru-ru', label: 'Русский' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'zh-tw';

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/**
 * The spec's short codes (§1: the app's global state says en, cn, rus) and other everyday spellings, each mapped to one
 * of the six catalogues (decision 077).
 */
export const LANGUAGE_ALIASES: Readonly<Record<string, LanguageCode>> = {
  en: 'en-us',
  cn: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-sg': 'zh-cn',
  tw: 'zh-tw',
  zh: 'zh-tw',
  'zh-hant': 'zh-tw',
  'zh-hk': 'zh-tw',
  'zh-mo': 'zh-tw',
  hk: 'zh-tw',
  rus: 'ru-ru',
  ru: 'ru-ru',
  pt: 'pt-br',
  'pt-pt': 'pt-br',
  de: 'de-de',
};

/** One language code as anyone names it ('en', 'cn', 'rus', 'zh_CN', 'EN-us') → a catalogue; null when it is none of them. */
export function languageFromCode(value: string | undefined | null): LanguageCode | null {
  if (!value) return null;
  const code = value.trim().toLowerCase().replace(/_/g, '-');
  if (isLanguageCode(code)) return code;
  const alias = (key: string) => (Object.hasOwn(LANGUAGE_ALIASES, key) ? LANGUAGE_ALIASES[key]! : null);
  const base = code.split('-')[0]!;
  return alias(code) ?? LANGUAGES.find((l) => l.code.startsWith(`${base}-`))?.code ?? alias(base);
}

/** Picks the first supported language of an Accept-Language header ("en-US,en;q=0.9" → en-us). */
export function pickLanguage(header: string | undefined | null): LanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const code = languageFromCode(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}
