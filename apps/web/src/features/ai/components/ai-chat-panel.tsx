import { useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { AI_MESSAGE_MAX } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useSession } from '../../../lib/session';
import { aiConversationsKey, getAiConversation } from '../api/conversations';
import { streamChat } from '../api/stream-chat';
import { emptyThread, threadReducer, turnOf } from '../model/thread';
import { AiHistory } from './ai-history';
import { AiMessage } from './ai-message';
import './ai-chat.css';

const SUGGESTIONS = ['withdraw', 'recharge', 'password'] as const;
/** The character counter appears this close to the limit. */
const COUNTER_FROM = AI_MESSAGE_MAX - 200;

/** The AI chat tab's assistant: ask, watch the answer stream in, stop it, retry it, continue or delete earlier conversations. */
export default function AiChatPanel() {
  const { t } = useTranslation();
  const { token } = useSession();
  if (token === null) {
    return (
      <div className="card ai-signed-out" data-testid="ai-signed-out">
        <p>{t('ai.signIn')}</p>
        <Link to={pagePath('article/index')} className="text-link">
          {t('ai.browseHelp')}
        </Link>
      </div>
    );
  }
  // A new sign-in starts a fresh panel: nothing of the previous user's thread survives.
  return <SignedInPanel key={token} />;
}

function SignedInPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [thread, dispatch] = useReducer(threadReducer, emptyThread);
  const [draft, setDraft] = useState('');
  const [answering, setAnswering] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [opening, setOpening] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const turns = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [thread.messages]);

  const ask = async (question: string, conversationId: number | null) => {
    const turn = ++turns.current;
    const abort = new AbortController();
    controller.current = abort;
    dispatch({ type: 'ask', turn, question });
    setAnswering(true);
    try {
      await streamChat({ message: question, ...(conversationId !== null ? { conversation_id: conversationId } : {}) }, abort.signal, (event) => {
        if (event.event === 'meta') {
          const { conversation_id, user_message_id, message_id, sources } = event.data;
          dispatch({ type: 'meta', turn, conversationId: conversation_id, userMessageId: user_message_id, messageId: message_id, sources });
        } else if (event.event === 'delta') {
          dispatch({ type: 'delta', turn, text: event.data.text });
        } else if (event.event === 'done') {
          dispatch({ type: 'finish', turn, status: event.data.status });
        } else {
          dispatch({ type: 'fail', turn, error: event.data.msg });
        }
      });
    } catch (error) {
      if (abort.signal.aborted) dispatch({ type: 'finish', turn, status: 'stopped' });
      else dispatch({ type: 'fail', turn, error: error instanceof Error && error.message ? error.message : t('errors.generic') });
    } finally {
      if (controller.current === abort) controller.current = null;
      setAnswering(false);
      void queryClient.invalidateQueries({ queryKey: aiConversationsKey });
    }
  };

  const submit = (text: string = draft) => {
    const question = text.trim();
    if (!question || answering) return;
    setDraft('');
    void ask(question, thread.conversationId);
  };

  const retry = (index: number) => {
    const question = thread.messages[index - 1];
    const answer = thread.messages[index];
    if (!question || !answer || question.role !== 'user' || answering) return;
    const turn = turnOf(answer.key);
    if (turn !== null) dispatch({ type: 'discard', turn });
    void ask(question.content, thread.conversationId);
  };

  const startNew = () => {
    controller.current?.abort();
    dispatch({ type: 'reset' });
    setShowHistory(false);
  };

  const open = async (id: number) => {
    if (opening) return;
    controller.current?.abort();
    setOpening(true);
    try {
      const conversation = await getAiConversation(id);
      dispatch({ type: 'load', id: conversation.id, messages: conversation.messages });
      setShowHistory(false);
    } catch (error) {
      toastError(error);
    } finally {
      setOpening(false);
    }
  };

  const lastIndex = thread.messages.length - 1;
  return (
    <section className="ai-panel" aria-label={t('ai.title')} data-testid="ai-panel">
      <div className="ai-panel__bar">
        <Button variant="secondary" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory} data-testid="ai-history-toggle">
          {showHistory ? t('ai.backToChat') : t('ai.history')}
        </Button>
        <Button variant="ghost" onClick={startNew} disabled={thread.messages.length === 0 && !answering} data-testid="ai-new">
          {t('ai.newChat')}
        </Button>
      </div>

      {showHistory ? (
        <AiHistory
          currentId={thread.conversationId}
          onOpen={(id) => void open(id)}
          onDeleted={(id) => {
            if (id === thread.conversationId) startNew();
          }}
        />
      ) : (
        <>
          <div className="ai-thread" aria-live="polite">
            {thread.messages.length === 0 ? (
              <div className="ai-welcome">
                <p>{t('ai.intro')}</p>
                <div className="ai-welcome__suggestions">
                  {SUGGESTIONS.map((key) => (
                    <button key={key} type="button" className="chip-button" onClick={() => submit(t(`ai.suggestions.${key}`))} data-testid="ai-suggestion">
                      {t(`ai.suggestions.${key}`)}
                    </button>
                  ))}
                </div>
                <Link to={pagePath('article/index')} className="text-link" data-testid="ai-browse-help">
                  {t('ai.browseHelp')}
                </Link>
              </div>
            ) : (
              thread.messages.map((message, index) => (
                <AiMessage key={message.key} message={message} onRetry={index === lastIndex && !answering ? () => retry(index) : undefined} />
              ))
            )}
            <div ref={end} />
          </div>

          <form
            className="ai-composer"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <textarea
              className="field__input ai-composer__input"
              value={draft}
              maxLength={AI_MESSAGE_MAX}
              rows={2}
              placeholder={t('ai.placeholder')}
              aria-label={t('ai.placeholder')}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Enter sends, Shift+Enter breaks the line; never while an IME is composing (Chinese input).
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
              data-testid="ai-input"
            />
            {draft.length > COUNTER_FROM && (
              <span className="ai-composer__counter muted">
                {draft.length}/{AI_MESSAGE_MAX}
              </span>
            )}
            {answering ? (
              <Button variant="secondary" onClick={() => controller.current?.abort()} data-testid="ai-stop">
                {t('ai.stop')}
              </Button>
            ) : (
              <Button type="submit" disabled={!draft.trim() || opening} data-testid="ai-send">
                {t('ai.send')}
              </Button>
            )}
          </form>
        </>
      )}
    </section>
  );
}
