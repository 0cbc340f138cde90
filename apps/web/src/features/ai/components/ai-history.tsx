import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { toastError } from '../../../lib/api-client';
import { useDateFormat } from '../../../lib/use-date-format';
import { useAiConversations, useDeleteAiConversation } from '../api/conversations';

/** The user's earlier conversations: open one to continue it, or delete it. */
export function AiHistory({ currentId, onOpen, onDeleted }: { currentId: number | null; onOpen: (id: number) => void; onDeleted: (id: number) => void }) {
  const { t } = useTranslation();
  const conversations = useAiConversations(true);
  const remove = useDeleteAiConversation();
  const dateFormat = useDateFormat();

  if (conversations.isPending) {
    return <LoadingState />;
  }
  if (conversations.isError) {
    return <ErrorState onRetry={conversations.refetch} />;
  }
  if (conversations.data.list.length === 0) {
    return <p className="muted ai-history__empty">{t('ai.historyEmpty')}</p>;
  }
  return (
    <ul className="ai-history" data-testid="ai-history">
      {conversations.data.list.map((c) => (
        <li key={c.id} className={c.id === currentId ? 'ai-history__row is-current' : 'ai-history__row'}>
          <button type="button" className="ai-history__open" onClick={() => onOpen(c.id)} data-testid="ai-history-open">
            <span className="ai-history__title">{c.title}</span>
            <time className="ai-history__time" dateTime={c.updated_at}>
              {dateFormat.format(new Date(c.updated_at))}
            </time>
          </button>
          <Button
            variant="ghost"
            busy={remove.isPending && remove.variables === c.id}
            aria-label={t('ai.deleteConversation', { title: c.title })}
            onClick={() => {
              if (remove.isPending) return;
              remove.mutate(c.id, { onSuccess: () => onDeleted(c.id), onError: toastError });
            }}
            data-testid="ai-history-delete"
          >
            {t('ai.delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
