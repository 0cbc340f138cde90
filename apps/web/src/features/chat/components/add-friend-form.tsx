import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { TEXTAREA_MAX } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toastError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useSendFriendRequest } from '../api/friend-requests';
import './chat.css';

/** chat/addFri: a friend request with a note (spec §9 textarea max 140). */
export function AddFriendForm({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const send = useSendFriendRequest();
  const onSubmit = useGuardedSubmit(async (event: FormEvent) => {
    event.preventDefault();
    try {
      await send.mutateAsync({ uid, note: note.trim() });
      showToast(t('chat.requestSent'));
      navigate(pagePath('chat/addList'), { replace: true });
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <form className="card form" onSubmit={onSubmit} data-testid="add-friend-form">
      <p>{t('chat.addFriendTo', { uid })}</p>
      <Field label={t('chat.note')}>
        <textarea
          className="field__input composer__input"
          rows={4}
          value={note}
          maxLength={TEXTAREA_MAX}
          placeholder={t('chat.notePlaceholder')}
          onChange={(event) => setNote(event.target.value)}
          data-testid="add-friend-note"
        />
        <span className="muted">
          {note.length}/{TEXTAREA_MAX}
        </span>
      </Field>
      <Button type="submit" variant="primary" block busy={send.isPending} data-testid="add-friend-send">
        {t('chat.sendRequest')}
      </Button>
    </form>
  );
}
