import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Link, useNavigate } from 'react-router-dom';
import { chatApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toastError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useDateFormat } from '../../../lib/use-date-format';
import { useDeleteFriend, useFriend, useSetFriendRemark } from '../api/friends';
import { PersonAvatar, peerName } from './list-state';
import { QueryState } from '../../../components/ui/query-state';
import { Field } from '../../../components/ui/field';
import './chat.css';

function RemarkForm({ uid, remark }: { uid: number; remark: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(remark);
  const save = useSetFriendRemark(uid);
  const onSubmit = useGuardedSubmit(async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(value.trim());
      showToast(t('chat.remarkSaved'));
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <form className="form" onSubmit={onSubmit}>
      <Field label={t('chat.remark')}>
        <input
          className="field__input"
          value={value}
          maxLength={chatApi.FRIEND_REMARK_MAX}
          placeholder={t('chat.remarkPlaceholder')}
          onChange={(event) => setValue(event.target.value)}
          data-testid="friend-remark-input"
        />
      </Field>
      <Button type="submit" variant="secondary" busy={save.isPending} data-testid="friend-remark-save">
        {t('chat.saveRemark')}
      </Button>
    </form>
  );
}

/**
 * chat/friCard and chat/chatInfoDetails: the friend's card, the remark, "send message" and — on the
 * conversation info page — deleting the friend.
 */
export function FriendCard({ uid, allowDelete = false }: { uid: number; allowDelete?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const friend = useFriend(uid);
  const remove = useDeleteFriend(uid);
  const dateFormat = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const onDelete = useGuardedSubmit(async () => {
    try {
      await remove.mutateAsync();
      showToast(t('chat.friendDeleted'));
      navigate(pagePath('chat/myFriList'), { replace: true });
    } catch (error) {
      toastError(error);
    } finally {
      setConfirming(false);
    }
  });

  const data = friend.data;
  return (
    <QueryState query={friend}>
      {data && (
        <>
          <section className="card" data-testid="friend-card">
            <div className="chat-row">
              <PersonAvatar person={data} size={64} />
              <span className="chat-row__main">
                <span className="chat-row__title" data-testid="friend-card-name">
                  {data.remark || peerName(data)}
                </span>
                <span className="chat-row__sub">
                  <span>
                    {t('chat.nickname')}: {peerName(data)}
                  </span>
                </span>
                <span className="chat-row__sub">
                  <span>UID {data.uid}</span>
                  <span>{data.address}</span>
                </span>
                <span className="chat-row__sub">
                  <span>{t('chat.friendsSince', { date: dateFormat.format(new Date(data.since)) })}</span>
                </span>
              </span>
            </div>
            <Link className="btn btn--primary btn--block" to={`${pagePath('chat/chat')}?uid=${data.uid}`} data-testid="friend-send-message">
              <span className="btn__label">{t('chat.sendMessage')}</span>
            </Link>
          </section>
          <section className="card">
            <RemarkForm key={data.remark} uid={uid} remark={data.remark} />
          </section>
          {allowDelete && (
            <Button variant="danger" block onClick={() => setConfirming(true)} data-testid="friend-delete">
              {t('chat.deleteFriend')}
            </Button>
          )}
          {confirming && (
            <Modal title={t('chat.deleteFriend')} onClose={() => setConfirming(false)} testId="friend-delete-confirm">
              <p>{t('chat.deleteFriendConfirm', { name: data.remark || peerName(data) })}</p>
              <div className="chat-actions">
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button variant="danger" busy={remove.isPending} onClick={onDelete} data-testid="friend-delete-yes">
                  {t('chat.deleteFriend')}
                </Button>
              </div>
            </Modal>
          )}
        </>
      )}
    </QueryState>
  );
}
