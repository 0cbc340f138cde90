import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { pagePath } from '../../../lib/pages';
import { usePinnedAnnouncement } from '../api/pinned-announcement';
import { useLastReadAnnouncement } from '../model/announcement-read';
import './content.css';

/**
 * Home's scrolling line (decision 078): the newest pinned announcement's title, with a dot until this device opens
 * it. Nothing at all when there is none. The scroll stops for people who ask for reduced motion.
 */
export function AnnouncementTicker() {
  const { t } = useTranslation();
  const announcement = usePinnedAnnouncement().data;
  const lastRead = useLastReadAnnouncement();
  if (!announcement) return null;
  const unread = lastRead !== announcement.id;
  return (
    <Link
      className="card announcement-ticker"
      to={`${pagePath('article/details')}?${new URLSearchParams({ id: announcement.id }).toString()}`}
      data-testid="announcement-ticker"
      aria-label={`${t('content.kinds.announcement')}: ${announcement.title}${unread ? ` (${t('content.unread')})` : ''}`}
    >
      <span className="announcement-ticker__label">{t('content.kinds.announcement')}</span>
      {unread && <span className="announcement-ticker__dot" data-testid="announcement-unread" />}
      <span className="announcement-ticker__window">
        <span className="announcement-ticker__text" data-testid="announcement-ticker-title">
          {announcement.title}
        </span>
      </span>
    </Link>
  );
}
