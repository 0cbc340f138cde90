/**
 * Chat queries: conversations, participants (with read marks) and messages. Friends and groups have their
 * own repositories; this one is what every message path walks.
 */
import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { chatConversations, chatGroups, chatMessages, chatParticipants, friendships, users } from '../../db/schema/index.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The few user fields a chat view shows. */
export interface PeerRow {
  id: number;
  nickname: string;
  account: string;
  /** An upload address, or null. */
  avatar: string | null;
}

export type MessageWithSender = MessageRow & { sender: PeerRow };

/** A person's columns from `users` or one of its aliases: every chat view joins them in its own statement. */
export function peerColumnsOf<T extends Record<'id' | 'nickname' | 'account' | 'avatar', unknown>>(
  table: T,
): Pick<T, 'id' | 'nickname' | 'account' | 'avatar'> {
  return { id: table.id, nickname: table.nickname, account: table.account, avatar: table.avatar };
}

const peerColumns = peerColumnsOf(users);

export async function findPeers(db: Executor, ids: readonly number[]): Promise<Map<number, PeerRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(peerColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findPeer(db: Executor, id: number): Promise<PeerRow | undefined> {
  return (await findPeers(db, [id])).get(id);
}

// ---- Conversations ------------------------------------------------------------------------------

export async function findConversation(db: Executor, id: number, lock = false): Promise<ConversationRow | undefined> {
  const query = db.select().from(chatConversations).where(eq(chatConversations.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findDirect(db: Executor, a: number, b: number): Promise<ConversationRow | undefined> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const rows = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'direct'), eq(chatConversations.userLow, low), eq(chatConversations.userHigh, high)));
  return rows[0];
}

/**
 * Whether `userId` counts `friendId` a friend, and the pair's conversation if there is one yet, in one statement:
 * a direct message is then this and its insert, two statements (decision 063).
 */
export async function friendshipAndDirect(
  db: Executor,
  userId: number,
  friendId: number,
): Promise<{ friends: boolean; conversation: ConversationRow | undefined }> {
  return (await friendshipsAndDirects(db, [[userId, friendId]]))[0]!;
}

/**
 * `friendshipAndDirect` for many (user, friend) pairs in one statement, in the pairs' order: the look-up every direct
 * message makes before it is stored, shared by the messages arriving together (decision 130).
 */
export async function friendshipsAndDirects(
  db: Executor,
  pairs: readonly (readonly [userId: number, friendId: number])[],
): Promise<{ friends: boolean; conversation: ConversationRow | undefined }[]> {
  const rows = await db
    .select({ userId: friendships.userId, friendId: friendships.friendId, conversation: chatConversations })
    .from(friendships)
    .leftJoin(
      chatConversations,
      and(
        eq(chatConversations.kind, 'direct'),
        eq(chatConversations.userLow, sql`least(${friendships.userId}, ${friendships.friendId})`),
        eq(chatConversations.userHigh, sql`greatest(${friendships.userId}, ${friendships.friendId})`),
      ),
    )
    .where(or(...pairs.map(([userId, friendId]) => and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))));
  const found = new Map(rows.map((row) => [`${row.userId}:${row.friendId}`, row.conversation ?? undefined]));
  return pairs.map(([userId, friendId]) => {
    const key = `${userId}:${friendId}`;
    return { friends: found.has(key), conversation: found.get(key) };
  });
}

/** The pair's conversation, created with both participants on first use (a concurrent creator wins harmlessly). */
export async function createDirect(db: Executor, a: number, b: number): Promise<ConversationRow> {
  const [low, high] = a < b ? [a, b] : [b, a];
  // The row and its participants together (the send that follows commits on its own).
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(chatConversations).values({ kind: 'direct', userLow: low, userHigh: high }).onConflictDoNothing().returning();
    const row = inserted[0] ?? (await findDirect(tx, a, b))!;
    if (inserted[0]) await addParticipants(tx, row.id, [low, high], 0);
    return row;
  });
}

export async function findGroupConversation(db: Executor, groupId: number): Promise<ConversationRow | undefined> {
  const rows = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'group'), eq(chatConversations.groupId, groupId)));
  return rows[0];
}

export async function insertGroupConversation(db: Executor, groupId: number): Promise<ConversationRow> {
  const rows = await db.insert(chatConversations).values({ kind: 'group', groupId }).returning();
  return rows[0]!;
}

export async function findService(db: Executor, customerId: number, lock = false): Promise<ConversationRow | undefined> {
  const query = db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'service'), eq(chatConversations.customerId, customerId)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findOrCreateService(db: Executor, customerId: number): Promise<ConversationRow> {
  const inserted = await db.insert(chatConversations).values({ kind: 'service', customerId, serviceState: 'open' }).onConflictDoNothing().returning();
  const row = inserted[0] ?? (await findService(db, customerId))!;
  if (inserted[0]) await addParticipants(db, row.id, [customerId], 0);
  return row;
}

export async function updateConversation(
  db: Executor,
  id: number,
  patch: Partial<Pick<ConversationRow, 'serviceState' | 'agentId' | 'updatedAt'>>,
): Promise<ConversationRow> {
  const rows = await db.update(chatConversations).set(patch).where(eq(chatConversations.id, id)).returning();
  return rows[0]!;
}

// ---- Participants and read marks ----------------------------------------------------------------

export async function addParticipants(db: Executor, conversationId: number, userIds: readonly number[], lastReadId: number): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(chatParticipants)
    .values(userIds.map((userId) => ({ userId, conversationId, lastReadId })))
    .onConflictDoNothing();
}

export async function removeParticipants(db: Executor, conversationId: number, userIds?: readonly number[]): Promise<void> {
  const where = userIds
    ? and(eq(chatParticipants.conversationId, conversationId), inArray(chatParticipants.userId, [...userIds]))
    : eq(chatParticipants.conversationId, conversationId);
  await db.delete(chatParticipants).where(where);
}

export async function participantIds(db: Executor, conversationId: number): Promise<number[]> {
  const rows = await db.select({ userId: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

/**
 * Moves a reader's mark to `lastId`, clamped to the newest message and never backwards; returns the mark
 * as it is now, or undefined when the user does not read this conversation.
 */
export async function advanceReadMark(db: Executor, userId: number, conversationId: number, lastId: number): Promise<number | undefined> {
  const rows = await db
    .update(chatParticipants)
    .set({
      lastReadId: sql`greatest(${chatParticipants.lastReadId}, least(${lastId}::bigint,
        (select coalesce(last_message_id, 0) from chat_conversations where id = ${conversationId})))`,
    })
    .where(and(eq(chatParticipants.userId, userId), eq(chatParticipants.conversationId, conversationId)))
    .returning({ lastReadId: chatParticipants.lastReadId });
  return rows[0]?.lastReadId;
}

/** The agents' shared mark on a desk conversation, with the same rules. */
export async function advanceAgentReadMark(db: Executor, conversationId: number, lastId: number): Promise<number> {
  const rows = await db
    .update(chatConversations)
    .set({
      agentReadId: sql`greatest(${chatConversations.agentReadId}, least(${lastId}::bigint, coalesce(${chatConversations.lastMessageId}, 0)))`,
    })
    .where(eq(chatConversations.id, conversationId))
    .returning({ agentReadId: chatConversations.agentReadId });
  return rows[0]!.agentReadId;
}

/** Messages after the user's mark not sent by the user, in one conversation. */
export async function unreadIn(db: Executor, userId: number, conversationId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatParticipants, eq(chatParticipants.conversationId, chatMessages.conversationId))
    .where(
      and(
        eq(chatParticipants.userId, userId),
        eq(chatParticipants.conversationId, conversationId),
        gt(chatMessages.id, chatParticipants.lastReadId),
        ne(chatMessages.senderId, userId),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** Customer messages after the agents' mark on a desk conversation. */
export async function agentUnreadIn(db: Executor, conversationId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.id, chatConversations.agentReadId), eq(chatMessages.senderType, 'user')));
  return rows[0]?.n ?? 0;
}

/** One join over the user's participant rows; each conversation is an index range on (conversation_id, id). */
export async function totalUnread(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatParticipants)
    .innerJoin(chatMessages, and(eq(chatMessages.conversationId, chatParticipants.conversationId), gt(chatMessages.id, chatParticipants.lastReadId)))
    .where(and(eq(chatParticipants.userId, userId), ne(chatMessages.senderId, userId)));
  return rows[0]?.n ?? 0;
}

// ---- Messages -----------------------------------------------------------------------------------

const sender = alias(users, 'sender');
const messageWithSender = {
  message: chatMessages,
  sender: peerColumnsOf(sender),
};

function flatten(rows: { message: MessageRow; sender: PeerRow }[]): MessageWithSender[] {
  return rows.map(({ message, sender: peer }) => ({ ...message, sender: peer }));
}

/**
 * Stores a message and moves its conversation's newest message in one statement, under the conversation's row
 * lock (decision 035), and answers it with its sender: `insertMessages` with one message. The statement must be
 * its transaction's first write (a `for update` gives the transaction its id only once the lock is held), so
 * within a conversation ids follow commit order; run on its own (autocommit) the lock lasts one statement.
 * Across conversations nothing is shared, and sync's horizon keeps late ids from being skipped.
 * Undefined when (sender, client_id) exists already (a replay).
 */
export async function insertMessage(db: Executor, values: MessageValues): Promise<MessageWithSender | undefined> {
  return (await insertMessages(db, [values]))[0];
}

export type MessageValues = Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

/**
 * Several messages in one statement, so they commit together (decision 068): one commit, one WAL flush. Every
 * conversation of the batch is locked (in id order) before anything is written, exactly as `insertMessage`
 * locks its one; message i gets id (transaction id + base) × 256 + i (`chat_message_id_at`), so ids follow the
 * batch's order and stay above every id a running transaction can still commit below the horizon. Across
 * conversations a batch is safe only where transactions run one at a time (PGlite): on PostgreSQL the caller
 * batches one conversation's messages, so a conversation's ids keep following commit order (a read mark never
 * passes a message committed later). Answers in input order; undefined for a replay of (sender, client_id).
 */
export async function insertMessages(db: Executor, batch: MessageValues[]): Promise<(MessageWithSender | undefined)[]> {
  if (batch.length > MESSAGES_PER_STATEMENT) throw new RangeError('too many messages for one statement');
  const input = JSON.stringify(
    batch.map((v, position) => ({
      position,
      conversation_id: v.conversationId,
      sender_id: v.senderId,
      sender_type: v.senderType ?? 'user',
      msg_type: v.msgType,
      content: v.content,
      client_id: v.clientId ?? null,
      created_at: v.createdAt.toISOString(),
    })),
  );
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as m(position int, conversation_id int, sender_id int, sender_type text, msg_type text, content text, client_id text, created_at timestamptz)
    ),
    locked as (select c.id from chat_conversations c where c.id in (select conversation_id from input) order by c.id for update),
    inserted as (
      insert into chat_messages (id, conversation_id, sender_id, sender_type, msg_type, content, client_id, created_at)
      select chat_message_id_at(input.position), locked.id, input.sender_id, input.sender_type, input.msg_type, input.content, input.client_id, input.created_at
      from input join locked on locked.id = input.conversation_id
      order by input.position
      on conflict do nothing
      returning id, conversation_id, created_at
    ),
    touched as (
      update chat_conversations c
      set last_message_id = greatest(coalesce(c.last_message_id, 0), newest.id), updated_at = newest.created_at
      from (select conversation_id, max(id) as id, max(created_at) as created_at from inserted group by conversation_id) newest
      where c.id = newest.conversation_id
    )
    select inserted.id, u.nickname, u.account, u.avatar
      from inserted join input on input.position = inserted.id % 256 join users u on u.id = input.sender_id`);
  const rows = (result as unknown as { rows: { id: string | number; nickname: string; account: string; avatar: string | null }[] }).rows;
  const answers: (MessageWithSender | undefined)[] = batch.map(() => undefined);
  for (const row of rows) {
    const id = Number(row.id);
    const values = batch[id % 256]!;
    answers[id % 256] = {
      ...values,
      id,
      senderType: values.senderType ?? 'user',
      clientId: values.clientId ?? null,
      sender: { id: values.senderId, nickname: row.nickname, account: row.account, avatar: row.avatar },
    };
  }
  return answers;
}

/** The most messages one statement stores: ids leave room for 256 per transaction (decision 068). */
export const MESSAGES_PER_STATEMENT = 64;

export async function findByClientId(db: Executor, senderId: number, clientId: string): Promise<MessageWithSender | undefined> {
  const rows = await db
    .select(messageWithSender)
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
  return flatten(rows)[0];
}

/** Newest first, `limit + 1` rows so the caller knows whether older ones remain (index (conversation_id, id)). */
export async function history(db: Executor, conversationId: number, before: number | undefined, limit: number): Promise<MessageWithSender[]> {
  const where =
    before === undefined ? eq(chatMessages.conversationId, conversationId) : and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.id, before));
  const rows = await db
    .select(messageWithSender)
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(where)
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return flatten(rows);
}

/**
 * Messages after `after` in the user's conversations (and, for agents, every desk conversation), oldest
 * first, `limit + 1` rows. Only rows below a horizon read beforehand (`messageHorizon`) are safe to move a
 * client's cursor past; the caller cuts the rest.
 */
export async function messagesAfter(
  db: Executor,
  userId: number,
  includeDesk: boolean,
  after: number,
  limit: number,
): Promise<{ message: MessageWithSender; conversation: ConversationRow }[]> {
  const mine = db.select({ id: chatParticipants.conversationId }).from(chatParticipants).where(eq(chatParticipants.userId, userId));
  const scope: SQL = includeDesk
    ? or(inArray(chatMessages.conversationId, mine), eq(chatConversations.kind, 'service'))!
    : inArray(chatMessages.conversationId, mine);
  const rows = await db
    .select({ ...messageWithSender, conversation: chatConversations })
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(gt(chatMessages.id, after), scope))
    .orderBy(asc(chatMessages.id))
    .limit(limit + 1);
  return rows.map(({ message, sender: peer, conversation }) => ({ message: { ...message, sender: peer }, conversation }));
}

/**
 * Every message a later statement cannot see yet will have an id at or above this (decision 035). Its
 * own statement, run before the rows are read: a transaction that commits in between is then either
 * seen by the read or above the horizon.
 */
export async function messageHorizon(db: Executor): Promise<number> {
  const result = await db.execute(sql`select chat_message_horizon() as horizon`);
  return Number((result as unknown as { rows: { horizon: string | number }[] }).rows[0]!.horizon);
}

/** Newest stored id, capped below `horizon`: a cursor from which sync cannot skip a late id. */
export async function latestMessageIdBelow(db: Executor, horizon: number): Promise<number> {
  const rows = await db
    .select({ id: sql<string>`coalesce(max(${chatMessages.id}), 0)` })
    .from(chatMessages)
    .where(lt(chatMessages.id, horizon));
  return Number(rows[0]?.id ?? 0);
}

// ---- The conversation list ----------------------------------------------------------------------

const other = alias(users, 'other');
const lastMessage = alias(chatMessages, 'last_message');
const lastSender = alias(users, 'last_sender');

export interface ConversationListRow {
  conversation: ConversationRow;
  other: PeerRow | null;
  remark: string | null;
  groupName: string | null;
  last: MessageWithSender | null;
  unread: number;
}

/**
 * The user's conversations in one query, newest activity first: the other party (direct), the group name,
 * the last message with its sender and the unread count (a correlated count on (conversation_id, id)).
 * Direct and desk conversations appear once they have a message; groups from their creation.
 */
export async function listConversations(db: Executor, userId: number): Promise<ConversationListRow[]> {
  const otherId = sql`case when ${chatConversations.userLow} = ${userId} then ${chatConversations.userHigh} else ${chatConversations.userLow} end`;
  const rows = await db
    .select({
      conversation: chatConversations,
      other: peerColumnsOf(other),
      remark: friendships.remark,
      groupName: chatGroups.name,
      last: lastMessage,
      lastSender: peerColumnsOf(lastSender),
      unread: sql<number>`(select count(*)::int from chat_messages m
        where m.conversation_id = ${chatParticipants.conversationId} and m.id > ${chatParticipants.lastReadId} and m.sender_id <> ${userId})`,
    })
    .from(chatParticipants)
    .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
    .leftJoin(other, and(eq(chatConversations.kind, 'direct'), eq(other.id, otherId)))
    .leftJoin(friendships, and(eq(friendships.userId, userId), eq(friendships.friendId, other.id)))
    .leftJoin(chatGroups, eq(chatGroups.id, chatConversations.groupId))
    .leftJoin(lastMessage, eq(lastMessage.id, chatConversations.lastMessageId))
    .leftJoin(lastSender, eq(lastSender.id, lastMessage.senderId))
    .where(and(eq(chatParticipants.userId, userId), or(eq(chatConversations.kind, 'group'), sql`${chatConversations.lastMessageId} is not null`)))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id));
  return rows.map((r) => ({
    conversation: r.conversation,
    other: r.other?.id ? r.other : null,
    remark: r.remark,
    groupName: r.groupName,
    last: r.last && r.lastSender ? { ...r.last, sender: r.lastSender } : null,
    unread: r.unread,
  }));
}

export async function findMessageWithSender(db: Executor, id: number): Promise<MessageWithSender | undefined> {
  const rows = await db.select(messageWithSender).from(chatMessages).innerJoin(sender, eq(sender.id, chatMessages.senderId)).where(eq(chatMessages.id, id));
  return flatten(rows)[0];
}
