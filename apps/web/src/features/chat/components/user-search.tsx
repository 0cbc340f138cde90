import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUBMIT_DEBOUNCE_MS } from '@reef/contract';
import { pagePath } from '../../../lib/pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUserSearch } from '../api/search-users';
import { Avatar, peerName, QueryState } from './list-state';
import './chat.css';

/** chat/searchAdd: find a user by uid, wallet address or nickname; add them or open the chat. */
export function UserSearch({ myUid }: { myUid: number }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), SUBMIT_DEBOUNCE_MS);
  const search = useUserSearch(term);
  const list = (search.data?.list ?? []).filter((user) => user.uid !== myUid);
  return (
    <>
      <section className="card">
        <label className="field">
          <span className="field__label">{t('chat.searchLabel')}</span>
          <input
            className="field__input"
            type="search"
            value={q}
            maxLength={64}
            placeholder={t('chat.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
            data-testid="user-search-input"
          />
        </label>
      </section>
      {term !== '' && (
        <QueryState
          isPending={search.isPending}
          isError={search.isError}
          onRetry={() => void search.refetch()}
          empty={list.length === 0}
          emptyText={t('chat.noUsers')}
          emptyTestId="user-search-empty"
        >
          <section className="card">
            <ul className="chat-list">
              {list.map((user) => (
                <li key={user.uid} className="chat-row" data-testid="user-search-result" data-uid={user.uid}>
                  <Avatar name={peerName(user)} />
                  <span className="chat-row__main">
                    <span className="chat-row__title">{peerName(user)}</span>
                    <span className="chat-row__sub">
                      <span>UID {user.uid}</span>
                      <span>{user.address}</span>
                    </span>
                  </span>
                  {user.is_friend ? (
                    <Link className="chip-button" to={`${pagePath('chat/chat')}?uid=${user.uid}`} data-testid="user-search-message">
                      {t('chat.sendMessage')}
                    </Link>
                  ) : user.pending_request === 'outgoing' ? (
                    <span className="chat-state">{t('chat.requestState.sent')}</span>
                  ) : user.pending_request === 'incoming' ? (
                    <Link className="chip-button" to={pagePath('chat/addList')}>
                      {t('chat.answerRequest')}
                    </Link>
                  ) : (
                    <Link className="chip-button" to={`${pagePath('chat/addFri')}?uid=${user.uid}`} data-testid="user-search-add">
                      {t('chat.add')}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </QueryState>
      )}
    </>
  );
}
