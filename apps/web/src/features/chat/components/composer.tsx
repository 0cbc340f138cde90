import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { chatApi, UPLOAD_MIME_TYPES } from '@reef/contract';
import { EMOJIS } from '../model/compose';
import { ImageIcon, SmileIcon } from './chat-icons';

interface ComposerProps {
  onText: (text: string) => boolean;
  onEmoji: (emoji: string) => void;
  onImage: (file: File) => void;
  disabled?: boolean;
}

/** Text (up to 1,000 characters), an emoji panel and an image picker. */
export function Composer({ onText, onEmoji, onImage, disabled = false }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled) return;
    if (onText(text)) setText('');
  };

  return (
    <form className={disabled ? 'composer is-disabled' : 'composer'} onSubmit={submit} aria-disabled={disabled || undefined} data-testid="chat-composer">
      <div className="composer__row">
        <button
          type="button"
          className="composer__tool"
          aria-label={t('chat.emoji')}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((open) => !open)}
          disabled={disabled}
          data-testid="chat-emoji-toggle"
        >
          <SmileIcon />
        </button>
        <textarea
          className="field__input composer__input"
          value={text}
          maxLength={chatApi.CHAT_TEXT_MAX}
          rows={1}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter breaks the line; not while an input method is composing.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          data-testid="chat-input"
        />
        <button
          type="button"
          className="composer__tool"
          aria-label={t('chat.sendImage')}
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
          data-testid="chat-image-button"
        >
          <ImageIcon />
        </button>
        <button type="submit" className="btn btn--primary composer__send" disabled={disabled || text.trim() === ''} data-testid="chat-send">
          <span className="btn__label">{t('chat.send')}</span>
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_MIME_TYPES.join(',')}
        hidden
        data-testid="chat-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onImage(file);
        }}
      />
      {emojiOpen && (
        <div className="emoji-grid" role="group" aria-label={t('chat.emoji')}>
          {EMOJIS.map((emoji) => (
            <button key={emoji} type="button" onClick={() => onEmoji(emoji)} data-testid="chat-emoji">
              {emoji}
            </button>
          ))}
        </div>
      )}
    </form>
  );
}
