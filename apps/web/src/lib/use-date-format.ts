import { useMemo } from 'react';
import { localeTag, useTranslation } from '../i18n';
import { isLanguageCode } from '@reef/contract';

/** A date-and-time formatter for the current language. */
export function useDateFormat(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : undefined;
  return useMemo(() => new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }), [language]);
}
