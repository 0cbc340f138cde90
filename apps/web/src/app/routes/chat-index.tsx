import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ReefScene } from '../../components/ui/art/reef-scene';
import { AiChatPanel } from '../../features/ai';
import { NotLoggedIn } from '../../features/auth';
import { ChatHome, UnreadBadge } from '../../features/chat';
import { useUnreadTotal } from '../../features/chat/unread';
import { useSession } from '../../lib/session';
import { ChatViewerGate } from './chat-page';

type Segment = 'ai' | 'messages';

/**
 * pages/chat/index — the "AI chat" tab: two segments, the AI assistant (default: the tab is named for
 * it) and Messages (conversations). The segment rides in the hash query so back returns to it.
 */
export default function ChatIndexRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const unread = useUnreadTotal();
  const [search, setSearch] = useSearchParams();
  const segment: Segment = search.get('segment') === 'messages' ? 'messages' : 'ai';
  const choose = (next: Segment) => setSearch(next === 'ai' ? {} : { segment: next }, { replace: true });
  const tabs: { id: Segment; label: string }[] = [
    { id: 'ai', label: t('chat.segments.ai') },
    { id: 'messages', label: t('chat.segments.messages') },
  ];
  return (
    <div className="page page--tab">
      <header className="hero hero--compact">
        <ReefScene className="hero__art" />
        <div className="hero__text">
          <h1 className="hero__title">{t('titles.chat/index')}</h1>
        </div>
      </header>
      <div className="page__body page__body--raised">
        <div className="tabs chat-segments" role="tablist" aria-label={t('chat.segments.label')}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={segment === tab.id}
              onClick={() => choose(tab.id)}
              data-testid={`chat-segment-${tab.id}`}
            >
              {tab.label}
              {tab.id === 'messages' && <UnreadBadge count={unread} testId="chat-segment-unread" />}
            </button>
          ))}
        </div>
        {segment === 'ai' ? (
          <AiChatPanel />
        ) : token === null ? (
          <NotLoggedIn />
        ) : (
          <ChatViewerGate>{(viewer) => <ChatHome myUid={viewer.uid} />}</ChatViewerGate>
        )}
      </div>
    </div>
  );
}
