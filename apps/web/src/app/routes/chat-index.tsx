import { useTranslation } from '../../i18n';
import { useSearchParams } from 'react-router-dom';
import { Tabs, type Tab } from '../../components/ui/tabs';
import { AiChatPanel } from '../../features/ai';
import { NotLoggedIn } from '../../features/auth';
import { ChatHome, UnreadBadge } from '../../features/chat';
import { useUnreadTotal } from '../../features/chat/unread';
import { useSession } from '../../lib/session';
import { ChatViewerGate } from './chat-page';
import { TabHero } from '../layouts/tab-hero';

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
  const tabs: Tab<Segment>[] = [
    { id: 'ai', label: t('chat.segments.ai'), testId: 'chat-segment-ai' },
    {
      id: 'messages',
      label: (
        <>
          {t('chat.segments.messages')}
          <UnreadBadge count={unread} testId="chat-segment-unread" />
        </>
      ),
      testId: 'chat-segment-messages',
    },
  ];
  return (
    <div className="page page--tab">
      <TabHero title={t('titles.chat/index')} />
      <div className="page__body page__body--raised">
        <Tabs className="chat-segments" label={t('chat.segments.label')} tabs={tabs} selected={segment} onSelect={choose} />
        {segment === 'ai' ? <AiChatPanel /> : token === null ? <NotLoggedIn /> : <ChatViewerGate>{(viewer) => <ChatHome myUid={viewer.uid} />}</ChatViewerGate>}
      </div>
    </div>
  );
}
