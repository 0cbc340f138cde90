import { useTranslation } from '../../i18n';
import { BackButton } from '../../components/ui/nav-bar';
import { SocketLogView } from '../../features/chat';
import { useChatLive } from './chat-page';

/**
 * #/debug/socket — the socket log (decision 024). Linked from nowhere: support asks a user to open it.
 * Not a spec §2 page, so it has no `titles.*` entry and shows for visitors too (the log is then empty).
 */
export default function ChatSocketLogRoute() {
  const { t } = useTranslation();
  useChatLive();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('chat.debug.title')}</h1>
      </header>
      <div className="page__body">
        <SocketLogView />
      </div>
    </div>
  );
}
