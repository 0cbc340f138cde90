/**
 * Service-desk queries: the agents' ticket inbox (customer conversations with their last message and the agents'
 * unread count) and the stored list of agents.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { chatConversations, chatMessages, chatServiceAgents, users } from '../../db/schema/index.js';
import { peerColumnsOf, type ConversationRow, type MessageWithSender, type PeerRow } from './chat.repository.js';

const lastMessage = alias(chatMessages, 'last_message');
const lastSender = alias(users, 'last_sender');

const customer = alias(users, 'customer');
const agent = alias(users, 'agent');

export interface TicketRow {
  conversation: ConversationRow;
  customer: PeerRow;
  agent: PeerRow | null;
  last: MessageWithSender | null;
  /** From the agents' side. */
  unread: number;
}

/** Desk conversations in the given states, unread first then newest, one query. */
export async function listTickets(db: Executor, states: readonly string[], limit: number): Promise<TicketRow[]> {
  const unread = sql<number>`(select count(*)::int from chat_messages m
    where m.conversation_id = ${chatConversations.id} and m.id > ${chatConversations.agentReadId} and m.sender_type = 'user')`;
  const rows = await db
    .select({
      conversation: chatConversations,
      customer: peerColumnsOf(customer),
      agent: peerColumnsOf(agent),
      last: lastMessage,
      lastSender: peerColumnsOf(lastSender),
      unread,
    })
    .from(chatConversations)
    .innerJoin(customer, eq(customer.id, chatConversations.customerId))
    .leftJoin(agent, eq(agent.id, chatConversations.agentId))
    .leftJoin(lastMessage, eq(lastMessage.id, chatConversations.lastMessageId))
    .leftJoin(lastSender, eq(lastSender.id, lastMessage.senderId))
    .where(
      and(eq(chatConversations.kind, 'service'), inArray(chatConversations.serviceState, [...states]), sql`${chatConversations.lastMessageId} is not null`),
    )
    .orderBy(sql`${unread} > 0 desc`, desc(chatConversations.updatedAt))
    .limit(limit);
  return rows.map((r) => ({
    conversation: r.conversation,
    customer: r.customer,
    agent: r.agent?.id ? r.agent : null,
    last: r.last && r.lastSender ? { ...r.last, sender: r.lastSender } : null,
    unread: r.unread,
  }));
}

/** Desks waiting for an agent (open, with a message): the console's queue length. */
export async function countOpenTickets(db: Executor): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'service'), eq(chatConversations.serviceState, 'open'), sql`${chatConversations.lastMessageId} is not null`));
  return rows[0]!.n;
}

// ---- Agents -------------------------------------------------------------------------------------

/** Makes the stored agent list equal to the configured one (lower-case addresses). */
export async function replaceServiceAgents(db: Executor, accounts: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(chatServiceAgents);
    if (accounts.length > 0)
      await tx
        .insert(chatServiceAgents)
        .values(accounts.map((account) => ({ account })))
        .onConflictDoNothing();
  });
}

/** Uids of the agents who have signed in at least once. */
export async function serviceAgentIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).innerJoin(chatServiceAgents, eq(chatServiceAgents.account, users.account));
  return rows.map((r) => r.id);
}
