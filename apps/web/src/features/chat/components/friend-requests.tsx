import { useTranslation } from '../../../i18n';
import type { FriendRequest } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useDateFormat } from '../../../lib/use-date-format';
import { useAnswerFriendRequest, useFriendRequests } from '../api/friend-requests';
import { PersonAvatar, peerName } from './list-state';
import { QueryState } from '../../../components/ui/query-state';
import './chat.css';

function StateChip({ state }: { state: FriendRequest['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`chat-state chat-state--${state}`} data-testid="friend-request-state" data-state={state}>
      {t(`chat.requestState.${state}`)}
    </span>
  );
}

/** chat/addList: requests received (accept / reject while waiting) and sent, with states sent/added/rejected. */
export function FriendRequests() {
  const { t } = useTranslation();
  const requests = useFriendRequests();
  const answer = useAnswerFriendRequest();
  const dateFormat = useDateFormat();
  const onAnswer = useGuardedSubmit(async (id: number, accept: boolean) => {
    try {
      await answer.mutateAsync({ id, accept });
      showToast(t(accept ? 'chat.accepted' : 'chat.rejected'));
    } catch (error) {
      toastError(error);
    }
  });

  const incoming = requests.data?.incoming ?? [];
  const outgoing = requests.data?.outgoing ?? [];
  const row = (request: FriendRequest, side: 'incoming' | 'outgoing') => {
    const other = side === 'incoming' ? request.from : request.to;
    return (
      <li key={request.id} className="chat-row" data-testid={`friend-request-${side}`} data-uid={other.uid}>
        <PersonAvatar person={other} />
        <span className="chat-row__main">
          <span className="chat-row__top">
            <span className="chat-row__title">{peerName(other)}</span>
            <time className="chat-row__time" dateTime={request.created_at}>
              {dateFormat.format(new Date(request.created_at))}
            </time>
          </span>
          <span className="chat-row__sub">
            <span className="chat-row__preview">{request.note || t('chat.noNote')}</span>
          </span>
        </span>
        {side === 'incoming' && request.state === 'sent' ? (
          <span className="chat-row__actions">
            <Button variant="primary" onClick={() => onAnswer(request.id, true)} data-testid="friend-request-accept">
              {t('chat.accept')}
            </Button>
            <Button variant="ghost" onClick={() => onAnswer(request.id, false)} data-testid="friend-request-reject">
              {t('chat.reject')}
            </Button>
          </span>
        ) : (
          <StateChip state={request.state} />
        )}
      </li>
    );
  };

  return (
    <QueryState query={requests} empty={incoming.length === 0 && outgoing.length === 0} emptyText={t('chat.noRequests')} emptyTestId="friend-requests-empty">
      <section className="card">
        <h2 className="card__title">{t('chat.incoming')}</h2>
        {incoming.length === 0 ? <p className="muted">{t('chat.noRequests')}</p> : <ul className="chat-list">{incoming.map((r) => row(r, 'incoming'))}</ul>}
      </section>
      <section className="card">
        <h2 className="card__title">{t('chat.outgoing')}</h2>
        {outgoing.length === 0 ? <p className="muted">{t('chat.noRequests')}</p> : <ul className="chat-list">{outgoing.map((r) => row(r, 'outgoing'))}</ul>}
      </section>
    </QueryState>
  );
}
