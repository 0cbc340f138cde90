import { useRef, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../../i18n';
import type { ChatMessage } from '@reef/contract';
import { showToast } from '../../../lib/toast';
import { isUploadAddress } from '../model/compose';
import { imageAddress } from '../../../lib/image-address';
import { splitMessageLinks } from '../model/message-links';
import { PersonAvatar, peerName } from './list-state';

export type BubbleStatus = 'sent' | 'sending' | 'uploading' | 'failed';

interface MessageBubbleProps {
  msgType: ChatMessage['msg_type'];
  content: string;
  mine: boolean;
  /** Shown above the bubble (groups, the service desk); null for none. */
  sender: string | null;
  /** Whose picture goes beside someone else's bubble; none for one's own. */
  author?: { uid: number | null; avatar: string | null };
  /** When it was stored, as a tooltip (the history shows times as separators); null while sending. */
  time: string | null;
  status: BubbleStatus;
  onRetry?: () => void;
  testId: string;
}

/** How long a press on a bubble lasts before it copies, and how far the finger may drift (a scroll is no press). */
const LONG_PRESS_MS = 500;
const PRESS_DRIFT_PX = 10;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  // Without a secure context (plain http on a LAN address) there is no Clipboard API; the selection copy still works.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/**
 * Long-press (touch or mouse) and right-click copy the text of a bubble, with a toast. Android also fires
 * `contextmenu` on a long press, so a press copies once whichever comes first; the click that ends a long
 * press is swallowed so it does not also open a link under the finger.
 */
function useCopyGestures(text: string | null) {
  const { t } = useTranslation();
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const copiedByPress = useRef(false);
  if (text === null) return {};

  const copy = () => {
    copyText(text).then(
      () => showToast(t('chat.messageCopied')),
      () => showToast(t('errors.notSupported')),
    );
  };
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  return {
    onPointerDown: (event: ReactPointerEvent) => {
      // The right button is the context menu's.
      if (event.button !== 0) return;
      cancel();
      copiedByPress.current = false;
      const timer = setTimeout(() => {
        press.current = null;
        copiedByPress.current = true;
        copy();
      }, LONG_PRESS_MS);
      press.current = { x: event.clientX, y: event.clientY, timer };
    },
    onPointerMove: (event: ReactPointerEvent) => {
      const start = press.current;
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > PRESS_DRIFT_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu: (event: ReactMouseEvent) => {
      event.preventDefault();
      if (press.current === null && copiedByPress.current) return;
      cancel();
      copiedByPress.current = true;
      copy();
    },
    onClickCapture: (event: ReactMouseEvent) => {
      if (!copiedByPress.current) return;
      copiedByPress.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

/** A text message with its web links clickable: text nodes and anchors only, never HTML. */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {splitMessageLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} className="bubble__link" href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** One message. Text is rendered as text nodes and safe links, never as HTML; images load only from our upload addresses. */
export function MessageBubble({ msgType, content, mine, sender, author, time, status, onRetry, testId }: MessageBubbleProps) {
  const { t } = useTranslation();
  const copyGestures = useCopyGestures(msgType === 'image' ? null : content);
  let body;
  if (msgType === 'image') {
    const local = content.startsWith('blob:');
    body =
      local || isUploadAddress(content) ? (
        <img className="bubble__image" src={local ? content : imageAddress(content)!} alt={t('chat.image')} loading="lazy" />
      ) : (
        t('chat.imageUnavailable')
      );
  } else if (msgType === 'text') {
    body = <TextWithLinks text={content} />;
  } else {
    body = content;
  }
  const parts = (
    <>
      {sender !== null && <span className="bubble__sender">{sender}</span>}
      <div className={`bubble bubble--${msgType}`} data-testid="chat-bubble-content" {...copyGestures}>
        {body}
      </div>
      {status === 'failed' ? (
        <button type="button" className="bubble__meta is-failed text-button" onClick={onRetry} data-testid="chat-bubble-retry">
          {t('chat.failedRetry')}
        </button>
      ) : (
        status !== 'sent' && <span className="bubble__meta">{t(status === 'uploading' ? 'chat.uploading' : 'chat.sending')}</span>
      )}
    </>
  );
  const shownAuthor = mine ? undefined : author;
  return (
    <li
      className={mine ? 'bubble-row is-mine' : shownAuthor ? 'bubble-row has-avatar' : 'bubble-row'}
      data-testid={testId}
      data-status={status}
      title={time ?? undefined}
    >
      {shownAuthor ? (
        <>
          <PersonAvatar person={shownAuthor} size={32} />
          <div className="bubble-row__body">{parts}</div>
        </>
      ) : (
        parts
      )}
    </li>
  );
}

export function senderLabel(message: ChatMessage, deskName: string): string {
  return message.from_type === 'service' ? deskName : peerName(message.from);
}
