import { useTranslation } from '../../../i18n';
import { badgeText } from '../model/badge';
import './unread-badge.css';

/** A red count (spec §9: 999 at most, then "999+"); nothing for zero. */
export function UnreadBadge({ count, corner = false, testId }: { count: number; corner?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const text = badgeText(count);
  if (text === '') return null;
  return (
    <span className={corner ? 'unread-badge unread-badge--corner' : 'unread-badge'} data-testid={testId} aria-label={t('chat.unreadCount', { count })}>
      {text}
    </span>
  );
}
