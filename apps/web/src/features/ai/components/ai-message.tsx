import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { pagePath } from '../../../lib/pages';
import type { ThreadMessage } from '../model/thread';

/** A question (plain text, never Markdown) or an answer (safe Markdown, its state, its sources). */
export function AiMessage({ message, onRetry }: { message: ThreadMessage; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (message.role === 'user') {
    return (
      <div className="ai-msg ai-msg--user" data-testid="ai-question">
        {message.content}
      </div>
    );
  }
  const streaming = message.status === 'streaming';
  return (
    <div className="ai-msg ai-msg--assistant" data-testid="ai-answer" data-status={message.status} aria-busy={streaming || undefined}>
      {message.content ? <Markdown>{message.content}</Markdown> : streaming ? <Spinner /> : null}
      {message.status === 'stopped' && <p className="ai-msg__note">{t('ai.stopped')}</p>}
      {message.status === 'failed' && (
        <div className="ai-msg__error" role="alert">
          <p>{message.error ?? t('ai.failed')}</p>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry} data-testid="ai-retry">
              {t('common.retry')}
            </Button>
          )}
        </div>
      )}
      {!streaming && message.sources.length > 0 && (
        <div className="ai-msg__sources" data-testid="ai-sources">
          <span className="ai-msg__sources-label">{t('ai.sources')}</span>
          {message.sources.map((source) => (
            <Link key={source.id} className="chip-button" to={`${pagePath('article/details')}?id=${encodeURIComponent(source.id)}`} data-testid="ai-source">
              {source.title}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
