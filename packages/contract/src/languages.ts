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
    if (isLanguageCode(tag)) return tag;
    const base = tag.split('-')[0];
    if (tag === 'zh-hant' || tag === 'zh-hk' || tag === 'zh-mo') return 'zh-tw';
    if (tag === 'zh-hans' || tag === 'zh-sg') return 'zh-cn';
    const byBase = LANGUAGES.find((l) => l.code.startsWith(`${base}-`));
    if (byBase && base !== 'zh') return byBase.code;
    if (base === 'zh') return 'zh-tw';
  }
  return DEFAULT_LANGUAGE;
}
