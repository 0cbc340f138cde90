import { useMemo } from 'react';
import { localeTag, useTranslation } from '../../../i18n';
import { isLanguageCode } from '@reef/contract';
import { separatorStyle } from '../model/time-separators';

/** The centred time above a run of messages (model/time-separators.ts says when one is shown). */
export function TimeSeparator({ at }: { at: Date }) {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : undefined;
  const formats = useMemo(
    () => ({
      time: new Intl.DateTimeFormat(localeTag(language), { timeStyle: 'short' }),
      dateTime: new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [language],
  );
  return (
    <li className="chat-time" data-testid="chat-time-separator">
      <time dateTime={at.toISOString()}>{formats[separatorStyle(at, new Date())].format(at)}</time>
    </li>
  );
}
