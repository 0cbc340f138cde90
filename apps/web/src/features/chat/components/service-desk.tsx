import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import type { ServiceTicket } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useMyService, useServiceAction, useServiceInbox } from '../api/service';
import { ConversationView } from './conversation-view';
import { PersonAvatar, peerName } from './list-state';
import { QueryState } from '../../../components/ui/query-state';
import { UnreadBadge } from './unread-badge';
import './chat.css';

function TicketState({ ticket }: { ticket: ServiceTicket }) {
  const { t } = useTranslation();
  return (
    <span className="chat-state" data-testid="service-state" data-state={ticket.state}>
      {t(`chat.service.state.${ticket.state}`)}
      {ticket.agent && ` · ${peerName(ticket.agent)}`}
    </span>
  );
}

function useTicketAction() {
  const { t } = useTranslation();
  const action = useServiceAction();
  const [latest, setLatest] = useState<ServiceTicket | null>(null);
  const run = useGuardedSubmit(async (uid: number, what: 'claim' | 'close') => {
    try {
      setLatest(await action.mutateAsync({ uid, action: what }));
      showToast(t(what === 'claim' ? 'chat.service.claimed' : 'chat.service.closed'));
    } catch (error) {
      toastError(error);
    }
  });
  return { run, busy: action.isPending, latest };
}

/** The agents' inbox: open and claimed conversations, unread first. */
function ServiceInbox({ tickets }: { tickets: ServiceTicket[] }) {
  const { t } = useTranslation();
  const { run, busy } = useTicketAction();
  return (
    <section className="card" data-testid="service-inbox">
      <h2 className="card__title">{t('chat.service.inbox')}</h2>
      {tickets.length === 0 ? (
        <p className="muted" data-testid="service-inbox-empty">
          {t('chat.service.inboxEmpty')}
        </p>
      ) : (
        <ul className="chat-list">
          {tickets.map((ticket) => (
            <li key={ticket.customer.uid} className="chat-row" data-testid="service-ticket" data-uid={ticket.customer.uid}>
              <Link className="chat-row" to={`${pagePath('chat/myService')}?customer=${ticket.customer.uid}`} style={{ flex: 1, borderBottom: 0 }}>
                <PersonAvatar person={ticket.customer} />
                <span className="chat-row__main">
                  <span className="chat-row__top">
                    <span className="chat-row__title">{peerName(ticket.customer)}</span>
                    <TicketState ticket={ticket} />
                  </span>
                  <span className="chat-row__sub">
                    <span className="chat-row__preview">
                      {ticket.last_message?.msg_type === 'image' ? t('chat.imagePreview') : (ticket.last_message?.content ?? '')}
                    </span>
                    <UnreadBadge count={ticket.unread} testId="service-ticket-unread" />
                  </span>
                </span>
              </Link>
              {ticket.state === 'open' && (
                <Button variant="secondary" busy={busy} onClick={() => run(ticket.customer.uid, 'claim')} data-testid="service-claim">
                  {t('chat.service.claim')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An agent on one customer's conversation: claim, close, and answer as the desk. */
function AgentTicket({ customer, tickets, myUid }: { customer: number; tickets: ServiceTicket[]; myUid: number }) {
  const { t } = useTranslation();
  const { run, busy, latest } = useTicketAction();
  // The inbox lists open and claimed tickets only: once closed here, the answer to the close shows it.
  const listed = tickets.find((item) => item.customer.uid === customer);
  const ticket = latest !== null && (listed === undefined || latest.updated_at >= listed.updated_at) ? latest : listed;
  return (
    <>
      <section className="card chat-head" data-testid="service-ticket-head">
        <span className="chat-row__title">{ticket ? peerName(ticket.customer) : `UID ${customer}`}</span>
        {ticket && <TicketState ticket={ticket} />}
        <span className="chat-actions">
          {ticket?.state === 'open' && (
            <Button variant="secondary" busy={busy} onClick={() => run(customer, 'claim')} data-testid="service-claim">
              {t('chat.service.claim')}
            </Button>
          )}
          {ticket && ticket.state !== 'closed' && (
            <Button variant="ghost" busy={busy} onClick={() => run(customer, 'close')} data-testid="service-close">
              {t('chat.service.close')}
            </Button>
          )}
        </span>
      </section>
      <ConversationView conversation={{ type: 'service', id: customer }} myUid={myUid} showSenders asDesk />
    </>
  );
}

/**
 * chat/myService: the user's own conversation with the desk; agents (user info `service_agent`, from
 * SERVICE_ADDRESSES) also get the inbox, and with `customer` one customer's conversation to answer.
 */
export function ServiceDesk({ myUid, isAgent, customer }: { myUid: number; isAgent: boolean; customer: number | null }) {
  const { t } = useTranslation();
  const mine = useMyService();
  const inbox = useServiceInbox(isAgent);
  const tickets = inbox.data?.list ?? [];

  if (customer !== null && customer !== myUid) {
    if (!isAgent) {
      return (
        <p className="card inline-error" data-testid="service-not-agent">
          {t('chat.service.notAgent')}
        </p>
      );
    }
    return (
      <QueryState query={inbox}>
        <AgentTicket customer={customer} tickets={tickets} myUid={myUid} />
      </QueryState>
    );
  }
  return (
    <>
      {isAgent && (
        <QueryState query={inbox}>
          <ServiceInbox tickets={tickets} />
        </QueryState>
      )}
      <section className="card chat-head" data-testid="service-mine">
        <span className="chat-row__title">{t('chat.service.desk')}</span>
        {mine.data && <TicketState ticket={mine.data} />}
      </section>
      <p className="muted">{t('chat.service.hint')}</p>
      <ConversationView conversation={{ type: 'service', id: myUid }} myUid={myUid} showSenders />
    </>
  );
}
