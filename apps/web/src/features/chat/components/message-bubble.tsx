import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@reef/contract';
import { isUploadAddress } from '../model/compose';
import { peerName } from './list-state';

export type BubbleStatus = 'sent' | 'sending' | 'uploading' | 'failed';

interface MessageBubbleProps {
  msgType: ChatMessage['msg_type'];
  content: string;
  mine: boolean;
  /** Shown above the bubble (groups, the service desk); null for none. */
  sender: string | null;
  time: string | null;
  status: BubbleStatus;
  onRetry?: () => void;
  testId: string;
}

/** One message. Text is rendered as a text node, never as HTML; images load only from our upload addresses. */
export function MessageBubble({ msgType, content, mine, sender, time, status, onRetry, testId }: MessageBubbleProps) {
  const { t } = useTranslation();
  let body;
  if (msgType === 'image') {
    const local = content.startsWith('blob:');
    body =
      local || isUploadAddress(content) ? <img className="bubble__image" src={content} alt={t('chat.image')} loading="lazy" /> : t('chat.imageUnavailable');
  } else {
    body = content;
  }
  return (
    <li className={mine ? 'bubble-row is-mine' : 'bubble-row'} data-testid={testId} data-status={status}>
      {sender !== null && <span className="bubble__sender">{sender}</span>}
      <div className={`bubble bubble--${msgType}`} data-testid="chat-bubble-content">
        {body}
      </div>
      {status === 'failed' ? (
        <button type="button" className="bubble__meta is-failed text-button" onClick={onRetry} data-testid="chat-bubble-retry">
          {t('chat.failedRetry')}
        </button>
      ) : (
        <span className="bubble__meta">{status === 'sent' ? time : t(status === 'uploading' ? 'chat.uploading' : 'chat.sending')}</span>
      )}
    </li>
  );
}

export function senderLabel(message: ChatMessage, deskName: string): string {
  return message.from_type === 'service' ? deskName : peerName(message.from);
}
