import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { isLanguageCode } from '@reef/contract';
import { localeTag } from '../../../i18n';

/** 2024-01-01 was a Monday: ISO weekday n is that date + n − 1 days, named by the browser in the user's language. */
const A_MONDAY_UTC = Date.UTC(2024, 0, 1);

/** ISO weekday (1 = Monday … 7 = Sunday) → its name in the current language (spec: weekday labels Monday to Sunday). */
export function useWeekdayName(): (isoWeekday: number) => string {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : undefined;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTag(language), { weekday: 'long', timeZone: 'UTC' });
    return (isoWeekday: number) => format.format(new Date(A_MONDAY_UTC + (isoWeekday - 1) * 86_400_000));
  }, [language]);
}
