import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, createdAt, timestamptz } from './columns.js';
import { userRef, users } from './users.js';

/**
 * Chat (issue 4, decision 022). A friendship is two rows, one per direction, so each side keeps its own
 * remark and "my friends" is one index range. Every conversation — direct pair, group, service desk — is
 * one `chat_conversations` row; `chat_participants` says who reads it and holds each reader's read mark,
 * so the conversation list, unread counts and sync are all one indexed walk from the user.
 */
export const friendRequests = pgTable(
  'chat_friend_requests',
  {
    id: serialId(),
    fromId: userRef('from_id'),
    toId: userRef('to_id'),
    note: text('note').notNull().default(''),
    /** sent → added | rejected, once. */
    state: text('state').notNull().default('sent'),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    // One pending request per direction: a second one while the first waits is refused by the database too.
    uniqueIndex('chat_friend_requests_pending_key')
      .on(t.fromId, t.toId)
      .where(sql`${t.state} = 'sent'`),
    index('chat_friend_requests_to_idx').on(t.toId, t.id.desc()),
    index('chat_friend_requests_from_idx').on(t.fromId, t.id.desc()),
    check('chat_friend_requests_state', sql`${t.state} in ('sent', 'added', 'rejected')`),
    check('chat_friend_requests_not_self', sql`${t.fromId} <> ${t.toId}`),
  ],
);

export const friendships = pgTable(
  'chat_friendships',
  {
    userId: userRef('user_id'),
    friendId: userRef('friend_id'),
    /** What `user_id` calls `friend_id` ('' = the friend's nickname). */
    remark: text('remark').notNull().default(''),
    since: timestamptz('since').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), check('chat_friendships_not_self', sql`${t.userId} <> ${t.friendId}`)],
);

export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serialId(),
    name: text('name').notNull(),
    announcement: text('announcement').notNull(),
    ownerId: userRef('owner_id'),
    createdAt: createdAt(),
    /** Set once by the owner; a disbanded group has no members and refuses everything. */
    disbandedAt: timestamptz('disbanded_at'),
  },
  (t) => [index('chat_groups_owner_idx').on(t.ownerId)],
);

export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    userId: userRef('user_id'),
    role: text('role').notNull().default('member'),
    /** The member's nickname in this group ('' = their own nickname). */
    nickname: text('nickname').notNull().default(''),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('chat_group_members_user_idx').on(t.userId),
    check('chat_group_members_role', sql`${t.role} in ('owner', 'member')`),
  ],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serialId(),
    /** direct | group | service. */
    kind: text('kind').notNull(),
    /** direct: the pair, lower uid first, so (a, b) and (b, a) are one row. */
    userLow: integer('user_low').references(() => users.id),
    userHigh: integer('user_high').references(() => users.id),
    groupId: integer('group_id').references(() => chatGroups.id),
    /** service: the customer whose desk conversation this is. */
    customerId: integer('customer_id').references(() => users.id),
    /** service: open | claimed | closed. */
    serviceState: text('service_state'),
    /** service: the agent who claimed it (kept after closing, for the record). */
    agentId: integer('agent_id').references(() => users.id),
    /** service: the agents' shared read mark (the customer's own mark is in chat_participants). */
    agentReadId: bigint('agent_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_direct_key')
      .on(t.userLow, t.userHigh)
      .where(sql`${t.kind} = 'direct'`),
    uniqueIndex('chat_conversations_group_key')
      .on(t.groupId)
      .where(sql`${t.kind} = 'group'`),
    uniqueIndex('chat_conversations_service_key')
      .on(t.customerId)
      .where(sql`${t.kind} = 'service'`),
    // The agents' inbox: open and claimed desks, most recent first.
    index('chat_conversations_service_inbox_idx')
      .on(t.serviceState, t.updatedAt.desc())
      .where(sql`${t.kind} = 'service'`),
    check('chat_conversations_kind', sql`${t.kind} in ('direct', 'group', 'service')`),
    check(
      'chat_conversations_shape',
      sql`(${t.kind} = 'direct' and ${t.userLow} < ${t.userHigh} and ${t.groupId} is null and ${t.customerId} is null)
        or (${t.kind} = 'group' and ${t.groupId} is not null and ${t.userLow} is null and ${t.customerId} is null)
        or (${t.kind} = 'service' and ${t.customerId} is not null and ${t.serviceState} in ('open', 'claimed', 'closed') and ${t.userLow} is null and ${t.groupId} is null)`,
    ),
  ],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    userId: userRef('user_id'),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    /** Everything up to this message id has been read; only ever moves forward. */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] }), index('chat_participants_conversation_idx').on(t.conversationId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    /**
     * The sending transaction's id plus a constant (`chat_next_message_id()`, migration 0013, decision 035): one
     * message per transaction. A message not yet committed always has an id at or above
     * `chat_message_horizon()`, so sync reads below it and never skips a late id; within one conversation
     * ids also follow commit order (the row lock is taken before the transaction has an id).
     */
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`chat_next_message_id()`),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    senderId: userRef('sender_id'),
    /** `service` when an agent answered for the desk. */
    senderType: text('sender_type').notNull().default('user'),
    msgType: text('msg_type').notNull(),
    content: text('content').notNull(),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_sender_client_key').on(t.senderId, t.clientId),
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_sender_type', sql`${t.senderType} in ('user', 'service')`),
    check('chat_messages_msg_type', sql`${t.msgType} in ('text', 'image', 'emoji')`),
  ],
);

/** Wallet addresses of the customer-service agents, copied from SERVICE_ADDRESSES at start, so desk frames reach them. */
export const chatServiceAgents = pgTable('chat_service_agents', {
  account: text('account').primaryKey(),
});
