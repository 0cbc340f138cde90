import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import type { ConversationSummary } from '@reef/contract';
import { useDateFormat } from '../../../lib/use-date-format';
import { useConversations } from '../api/list-conversations';
import { conversationLink } from '../model/conversation-link';
import { GroupAvatar, PersonAvatar } from './list-state';
import { QueryState } from '../../../components/ui/query-state';
import { UnreadBadge } from './unread-badge';
import './chat.css';

function useTitle() {
  const { t } = useTranslation();
  return (row: ConversationSummary, myUid: number) =>
    row.conversation.type === 'service' && row.conversation.id === myUid ? t('chat.service.desk') : row.title || t('chat.untitled');
}

function usePreview() {
  const { t } = useTranslation();
  return (row: ConversationSummary) => {
    const last = row.last_message;
    if (last === null) return t('chat.noMessages');
    if (last.msg_type === 'image') return t('chat.imagePreview');
    return last.content;
  };
}

/** chat/index "Messages": conversations, newest activity first, with unread counts. */
export function ConversationList({ myUid }: { myUid: number }) {
  const { t } = useTranslation();
  const conversations = useConversations();
  const dateFormat = useDateFormat();
  const title = useTitle();
  const preview = usePreview();
  const rows = conversations.data?.list ?? [];
  return (
    <section className="card" aria-label={t('chat.conversations')}>
      <QueryState
        // A failed refresh keeps the conversations already shown.
        query={{ isPending: conversations.isPending, isError: conversations.isError && rows.length === 0, refetch: conversations.refetch }}
        empty={rows.length === 0}
        emptyText={t('chat.noConversations')}
        emptyTestId="chat-conversations-empty"
      >
        <ul className="chat-list" data-testid="chat-conversations">
          {rows.map((row) => {
            const name = title(row, myUid);
            return (
              <li key={`${row.conversation.type}:${row.conversation.id}`}>
                <Link
                  className="chat-row"
                  to={conversationLink(row.conversation, myUid)}
                  data-testid="chat-conversation"
                  data-conversation={`${row.conversation.type}:${row.conversation.id}`}
                >
                  {row.conversation.type === 'user' || (row.conversation.type === 'service' && row.conversation.id !== myUid) ? (
                    <PersonAvatar person={{ uid: row.conversation.id, avatar: row.avatar }} />
                  ) : (
                    <GroupAvatar name={name} />
                  )}
                  <span className="chat-row__main">
                    <span className="chat-row__top">
                      <span className="chat-row__title">{name}</span>
                      <time className="chat-row__time" dateTime={row.updated_at}>
                        {dateFormat.format(new Date(row.updated_at))}
                      </time>
                    </span>
                    <span className="chat-row__sub">
                      <span className="chat-row__preview">{preview(row)}</span>
                      <UnreadBadge count={row.unread} testId="chat-conversation-unread" />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </QueryState>
    </section>
  );
}
