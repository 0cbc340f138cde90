import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { SUBMIT_DEBOUNCE_MS } from '@reef/contract';
import { pagePath } from '../../../lib/pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUserSearch } from '../api/search-users';
import { PersonAvatar, ChatListCard, ChatRowText, peerName } from './list-state';
import { Field } from '../../../components/ui/field';
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
        <Field label={t('chat.searchLabel')}>
          <input
            className="field__input"
            type="search"
            value={q}
            maxLength={64}
            placeholder={t('chat.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
            data-testid="user-search-input"
          />
        </Field>
      </section>
      {term !== '' && (
        <ChatListCard query={search} empty={list.length === 0} emptyText={t('chat.noUsers')} emptyTestId="user-search-empty">
          {list.map((user) => (
            <li key={user.uid} className="chat-row" data-testid="user-search-result" data-uid={user.uid}>
              <PersonAvatar person={user} />
              <ChatRowText title={peerName(user)}>
                <span>UID {user.uid}</span>
                <span>{user.address}</span>
              </ChatRowText>
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
        </ChatListCard>
      )}
    </>
  );
}
