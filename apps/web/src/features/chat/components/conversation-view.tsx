import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n';
import type { ChatMessage, ConversationRef, SendMessageBody } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { toastError } from '../../../lib/api-client';
import { ChatSendRefused } from '../socket';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { showToast } from '../../../lib/toast';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMessages } from '../api/list-messages';
import { markRead } from '../api/mark-read';
import { sendChatMessage } from '../api/send-message';
import { uploadImage } from '../api/upload-image';
import { draftProblem } from '../model/compose';
import { flattenHistory } from '../model/message-cache';
import { setOpenConversation } from '../model/open-conversation';
import { needsTimeSeparator } from '../model/time-separators';
import { Composer } from './composer';
import { MessageBubble, senderLabel, type BubbleStatus } from './message-bubble';
import { TimeSeparator } from './time-separator';
import './chat.css';

interface Pending {
  body: SendMessageBody;
  status: Extract<BubbleStatus, 'sending' | 'uploading' | 'failed'>;
  /** For an image still uploading: the local preview (blob: URL) and the file to retry with. */
  preview?: string;
  file?: File;
}

interface ConversationViewProps {
  conversation: ConversationRef;
  myUid: number;
  /** Groups and the service desk show who wrote each message. */
  showSenders?: boolean;
  /** An agent answering a customer: every message written as the desk is "mine". */
  asDesk?: boolean;
  /** Composing is off (a closed ticket the agent no longer holds); the reason is shown instead. */
  readOnlyReason?: string | null;
  /** A name for the sender other than their nickname (a member's nickname in the group), or null. */
  nameOf?: (message: ChatMessage) => string | null;
}

/**
 * History ("load older" pages), live messages from the caches, the composer with optimistic bubbles
 * replaced by the stored message, and read marks while the page is visible.
 */
export function ConversationView({ conversation, myUid, showSenders = false, asDesk = false, readOnlyReason = null, nameOf }: ConversationViewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dateFormat = useDateFormat();
  const history = useMessages(conversation);
  const messages = useMemo(() => flattenHistory(history.data), [history.data]);
  const [pending, setPending] = useState<Pending[]>([]);
  const end = useRef<HTMLDivElement>(null);
  const deskName = t('chat.service.desk');

  const isMine = useCallback((m: ChatMessage) => (asDesk ? m.from_type === 'service' : m.from.uid === myUid && m.from_type === 'user'), [asDesk, myUid]);

  // This conversation is on screen while the page is visible: its live messages are not unread.
  const { type, id } = conversation;
  useEffect(() => {
    const update = () => setOpenConversation(document.visibilityState === 'visible' ? { type, id } : null);
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      setOpenConversation(null);
    };
  }, [type, id]);

  // Read marks: up to the newest message whenever someone else's message is newer than the last mark.
  const marked = useRef(0);
  const newestOther = useMemo(() => messages.filter((m) => !isMine(m)).at(-1)?.id ?? 0, [messages, isMine]);
  const newest = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestOther <= marked.current) return;
      const previous = marked.current;
      marked.current = newest;
      markRead(queryClient, { type, id }, newest).catch(() => {
        marked.current = previous;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, newestOther, queryClient, type, id]);

  // Follow the conversation down as messages arrive (not when older ones load above).
  const lastShown = useRef(0);
  useEffect(() => {
    if (newest !== lastShown.current || pending.length > 0) {
      lastShown.current = newest;
      end.current?.scrollIntoView?.({ block: 'end' });
    }
  }, [newest, pending.length]);

  const update = (clientId: string, change: Partial<Pending> | null) =>
    setPending((list) =>
      change === null ? list.filter((p) => p.body.client_id !== clientId) : list.map((p) => (p.body.client_id === clientId ? { ...p, ...change } : p)),
    );

  const deliver = (body: SendMessageBody) => {
    update(body.client_id, { status: 'sending', body });
    sendChatMessage(queryClient, body).then(
      () => update(body.client_id, null),
      (error: unknown) => {
        update(body.client_id, { status: 'failed' });
        if (error instanceof ChatSendRefused) showToast(error.message);
        else toastError(error);
      },
    );
  };

  const start = (body: SendMessageBody): boolean => {
    const problem = draftProblem(body);
    if (problem !== null) {
      showToast(t(problem === 'empty' ? 'common.empty' : 'chat.tooLong'));
      return false;
    }
    setPending((list) => [...list, { body, status: 'sending' }]);
    deliver(body);
    return true;
  };

  const newBody = (msg_type: SendMessageBody['msg_type'], content: string): SendMessageBody => ({
    conversation: { type, id },
    msg_type,
    content,
    client_id: newIdempotencyKey(),
  });

  const upload = (body: SendMessageBody, file: File) => {
    update(body.client_id, { status: 'uploading' });
    uploadImage(file).then(
      (address) => {
        const stored = { ...body, content: address };
        setPending((list) => list.map((p) => (p.body.client_id === body.client_id ? { ...p, body: stored, file: undefined } : p)));
        deliver(stored);
      },
      (error: unknown) => {
        update(body.client_id, { status: 'failed' });
        toastError(error);
      },
    );
  };

  const sendImage = (file: File) => {
    const preview = URL.createObjectURL(file);
    const body = newBody('image', preview);
    setPending((list) => [...list, { body, status: 'uploading', preview, file }]);
    upload(body, file);
  };

  const retry = (item: Pending) => {
    if (item.file) upload(item.body, item.file);
    else deliver(item.body);
  };

  // The local previews are only needed until the image is stored.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const live = new Set(pending.map((p) => p.preview).filter((p): p is string => p !== undefined));
    for (const url of previews.current) if (!live.has(url)) URL.revokeObjectURL(url);
    previews.current = live;
  }, [pending]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const stored = new Set(messages.map((m) => m.client_id).filter((c): c is string => c !== null));
  const waiting = pending.filter((p) => !stored.has(p.body.client_id));

  return (
    <div className="chat-view" data-testid="chat-view">
      <ol className="chat-history chat-list" data-testid="chat-history">
        {history.hasNextPage && (
          <li className="chat-history__more">
            <Button
              variant="ghost"
              busy={history.isFetchingNextPage}
              onClick={() => {
                if (!history.isFetchingNextPage) void history.fetchNextPage();
              }}
              data-testid="chat-load-older"
            >
              {t('chat.loadOlder')}
            </Button>
          </li>
        )}
        {history.isPending && <LoadingState as="li" />}
        {history.isError && messages.length === 0 && <ErrorState onRetry={history.refetch} as="li" />}
        {history.isSuccess && messages.length === 0 && waiting.length === 0 && (
          <li className="muted chat-history__more" data-testid="chat-empty">
            {t('chat.noMessages')}
          </li>
        )}
        {messages.map((m, index) => {
          const mine = isMine(m);
          const at = new Date(m.created_at);
          const previous = messages[index - 1];
          return (
            <Fragment key={m.id}>
              {needsTimeSeparator(previous ? new Date(previous.created_at) : null, at) && <TimeSeparator at={at} />}
              <MessageBubble
                msgType={m.msg_type}
                content={m.content}
                mine={mine}
                sender={showSenders && !mine ? (nameOf?.(m) ?? senderLabel(m, deskName)) : null}
                author={m.from}
                time={dateFormat.format(at)}
                status="sent"
                testId="chat-message"
              />
            </Fragment>
          );
        })}
        {waiting.map((p) => (
          <MessageBubble
            key={p.body.client_id}
            msgType={p.body.msg_type}
            content={p.preview && p.status === 'uploading' ? p.preview : p.body.content}
            mine
            sender={null}
            time={null}
            status={p.status}
            onRetry={() => retry(p)}
            testId="chat-pending"
          />
        ))}
      </ol>
      <div ref={end} />
      {readOnlyReason !== null ? (
        <p className="muted" data-testid="chat-read-only">
          {readOnlyReason}
        </p>
      ) : (
        <Composer onText={(text) => start(newBody('text', text))} onEmoji={(emoji) => void start(newBody('emoji', emoji))} onImage={sendImage} />
      )}
    </div>
  );
}
