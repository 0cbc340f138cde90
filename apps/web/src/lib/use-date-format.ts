import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '@reef/contract';
import { localeTag } from '../i18n';

/** A date-and-time formatter for the current language. */
export function useDateFormat(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : undefined;
  return useMemo(() => new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }), [language]);
}
