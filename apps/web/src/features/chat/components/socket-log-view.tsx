import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { getChatSocket, useChatSocketState, useSocketLog } from '../socket';
import './chat.css';

function time(at: number): string {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

const ARROWS = { in: '←', out: '→', state: '•' } as const;

/** The hidden debug screen: socket state and its last SOCKET_LOG_MAX entries, newest first. */
export function SocketLogView() {
  const { t } = useTranslation();
  const state = useChatSocketState();
  const entries = useSocketLog();
  return (
    <section className="card" data-testid="socket-log">
      <div className="chat-head">
        <h2 className="card__title">
          {t('chat.debug.state')}: <span data-testid="socket-state">{t(`chat.debug.states.${state}`)}</span>
        </h2>
        <span className="chat-actions">
          <Button variant="ghost" onClick={() => getChatSocket().connect()} data-testid="socket-connect">
            {t('chat.debug.connect')}
          </Button>
          <Button variant="ghost" onClick={() => getChatSocket().log.clear()}>
            {t('chat.debug.clear')}
          </Button>
        </span>
      </div>
      <p className="muted">{t('chat.debug.count', { count: entries.length })}</p>
      <ol className="chat-list socket-log">
        {[...entries].reverse().map((entry, index) => (
          <li key={`${entry.at}-${entries.length - index}`} data-testid="socket-log-entry" data-direction={entry.direction} data-type={entry.type}>
            <span>{time(entry.at)}</span>
            <span aria-label={entry.direction}>{ARROWS[entry.direction]}</span>
            <span>
              <strong>{entry.type}</strong> {entry.summary}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
