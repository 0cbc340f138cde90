/**
 * Customer service (chat/myService): every user has one desk conversation, created on first use and keyed
 * by the customer's uid. Agents (SERVICE_ADDRESSES) share an inbox of open and claimed desks with one
 * agents' read mark per desk; an agent claims a desk (one agent at a time, under the desk's row lock),
 * answers as `service`, and closes it; the customer's next message reopens it (chat.service applies those
 * rules as messages arrive). Customers see an agent's nickname only, never their uid or wallet.
 */
import type { ServiceTicket } from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { agentView, messageView, peerView } from './chat-views.js';
import type { ChatActor } from './chat.service.js';
import * as repo from './chat.repository.js';
import * as desk from './service-desk.repository.js';

/** The inbox is a working list, not an archive: the most recent desks that match. */
const INBOX_LIMIT = 200;
const INBOX_STATES = ['open', 'claimed'] as const;

function ticketView(row: desk.TicketRow, readerId: number): ServiceTicket {
  return {
    customer: peerView(row.customer),
    state: row.conversation.serviceState as ServiceTicket['state'],
    agent: row.agent ? agentView(row.agent, readerId, row.conversation.customerId!) : null,
    unread: row.unread,
    last_message: row.last ? messageView(row.last, row.conversation, readerId) : null,
    updated_at: row.conversation.updatedAt.toISOString(),
  };
}

async function ticketOf(db: Executor, conversation: repo.ConversationRow, unread: number): Promise<desk.TicketRow> {
  const peers = await repo.findPeers(db, [conversation.customerId!, ...(conversation.agentId ? [conversation.agentId] : [])]);
  const last = conversation.lastMessageId ? await repo.findMessageWithSender(db, conversation.lastMessageId) : undefined;
  return {
    conversation,
    customer: peers.get(conversation.customerId!)!,
    agent: conversation.agentId ? (peers.get(conversation.agentId) ?? null) : null,
    last: last ?? null,
    unread,
  };
}

function assertAgent(actor: ChatActor) {
  if (!actor.serviceAgent) throw new DomainError('NOT_SERVICE_AGENT');
}

/** The user's own desk, as the customer sees it (unread: the agents' replies after the customer's mark). */
export async function myService(db: Database, actor: ChatActor): Promise<ServiceTicket> {
  const conversation = await repo.findOrCreateService(db, actor.id);
  const unread = await repo.unreadIn(db, actor.id, conversation.id);
  return ticketView(await ticketOf(db, conversation, unread), actor.id);
}

/** Desks with at least one message, unread (for the agents) first; open and claimed unless a state is asked for. */
export async function inbox(db: Database, actor: ChatActor, state: ServiceTicket['state'] | undefined) {
  assertAgent(actor);
  const rows = await desk.listTickets(db, state ? [state] : INBOX_STATES, INBOX_LIMIT);
  return { list: rows.map((row) => ticketView(row, actor.id)) };
}

/**
 * Claims a customer's desk for the calling agent. The row lock makes two agents claiming at once take
 * turns: the second finds it claimed and is refused. Claiming one's own claim again is a no-op; a closed
 * desk can be claimed (an agent following up).
 */
export async function claim(db: Database, actor: ChatActor, customerId: number): Promise<ServiceTicket> {
  assertAgent(actor);
  const conversation = await db.transaction(async (tx) => {
    const current = await repo.findService(tx, customerId, true);
    if (!current) throw new DomainError('NOT_FOUND');
    if (current.serviceState === 'claimed') {
      if (current.agentId !== actor.id) throw new DomainError('SERVICE_CLAIMED_BY_OTHER');
      return current;
    }
    return repo.updateConversation(tx, current.id, { serviceState: 'claimed', agentId: actor.id });
  });
  return ticketView(await ticketOf(db, conversation, await repo.agentUnreadIn(db, conversation.id)), actor.id);
}

/** Closes a desk: an open one, or one the caller claimed (not another agent's). */
export async function close(db: Database, actor: ChatActor, customerId: number): Promise<ServiceTicket> {
  assertAgent(actor);
  const conversation = await db.transaction(async (tx) => {
    const current = await repo.findService(tx, customerId, true);
    if (!current) throw new DomainError('NOT_FOUND');
    if (current.serviceState === 'closed') return current;
    if (current.serviceState === 'claimed' && current.agentId !== actor.id) throw new DomainError('SERVICE_CLAIMED_BY_OTHER');
    return repo.updateConversation(tx, current.id, { serviceState: 'closed' });
  });
  return ticketView(await ticketOf(db, conversation, await repo.agentUnreadIn(db, conversation.id)), actor.id);
}

/** How many customers wait for an agent (the operator console's desk link, decision 085). */
export function waitingCount(db: Executor): Promise<number> {
  return desk.countOpenTickets(db);
}

/** Copies SERVICE_ADDRESSES into the database at start, so desk frames reach agents on every node. */
export function registerServiceAgents(db: Executor, addresses: ReadonlySet<string>): Promise<void> {
  return desk.replaceServiceAgents(db, [...addresses]);
}
