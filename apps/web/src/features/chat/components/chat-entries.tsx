import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { pagePath, type PageId } from '../../../lib/pages';
import { usePendingIncomingCount } from '../api/friend-requests';
import type { ComponentType } from 'react';
import { AddFriendIcon, FriendsIcon, GroupIcon, SearchIcon, ServiceIcon } from './chat-icons';
import { UnreadBadge } from './unread-badge';
import './chat.css';

const ENTRIES: { page: PageId; Icon: ComponentType; testId: string }[] = [
  { page: 'chat/addList', Icon: AddFriendIcon, testId: 'chat-entry-requests' },
  { page: 'chat/groupList', Icon: GroupIcon, testId: 'chat-entry-groups' },
  { page: 'chat/myFriList', Icon: FriendsIcon, testId: 'chat-entry-friends' },
  { page: 'chat/myService', Icon: ServiceIcon, testId: 'chat-entry-service' },
  { page: 'chat/searchAdd', Icon: SearchIcon, testId: 'chat-entry-search' },
];

/** The chat list's shortcuts: new friends (with a badge for waiting requests), groups, friends, service, search. */
export function ChatEntries() {
  const { t } = useTranslation();
  const incoming = usePendingIncomingCount();
  return (
    <nav className="card chat-entries" aria-label={t('chat.entries')}>
      {ENTRIES.map(({ page, Icon, testId }) => (
        <Link key={page} className="chat-entry" to={pagePath(page)} data-testid={testId}>
          <span className="chat-entry__icon" aria-hidden="true">
            <Icon />
          </span>
          <span>{t(`titles.${page}`)}</span>
          {page === 'chat/addList' && <UnreadBadge count={incoming} testId="chat-requests-badge" />}
        </Link>
      ))}
    </nav>
  );
}
