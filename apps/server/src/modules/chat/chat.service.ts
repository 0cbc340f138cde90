/**
 * Conversations and messages (issue 4 §2, decision 022): who may write where, storing a message once per
 * (sender, client_id), read marks and unread counts, history and catch-up, and the frames each change
 * pushes through the realtime hub. The database is the record: a frame is a hint a client may miss, and
 * GET /api/chat/sync returns everything after the last id it saw.
 *
 * The socket gateway calls sendFromClient, toChatToSendBody, markRead, totalUnread and latestMessageId; the
 * REST routes call the same functions, so both paths apply one set of rules and one flood gate.
 */
import {
  chatApi,
  chatSocket,
  type ChatMessage,
  type ConversationRef,
  type ConversationSummary,
  type SendMessageBody,
  type ServerFrame,
  type ToChatData,
} from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { RealtimeHub } from '../../infra/realtime/realtime-hub.js';
import type { FloodGate } from '../../infra/realtime/flood-gate.js';
import { messageView, peerView, refFor } from './chat-views.js';
import * as repo from './chat.repository.js';
import * as desk from './service-desk.repository.js';
import { MessageWriter } from './message-writer.js';
import * as friendsRepo from './friends.repository.js';
import * as groupsRepo from './groups.repository.js';
import { assertChatImage } from './chat-images.js';
import * as clock from '../../core/clock.js';
import { LookupBatcher } from '../../core/lookup-batcher.js';

export interface ChatActor {
  id: number;
  /** The user's address is in SERVICE_ADDRESSES (read from the configuration at every request). */
  serviceAgent: boolean;
}

interface Resolved {
  conversation: repo.ConversationRow;
  /** The actor speaks or reads for the desk, not as its customer. */
  asAgent: boolean;
}

/** A direct pair's friendship and conversation, per database handle (tests run several apps side by side). */
const directLookups = new WeakMap<Database, LookupBatcher<readonly [number, number], { friends: boolean; conversation: repo.ConversationRow | undefined }>>();

/**
 * Where a direct or group message (`ref.type` 'user' or 'group') may be written; creates the direct conversation on first use. A direct message's
 * look-up (friends? which conversation?) goes with those of the direct messages arriving meanwhile, one statement for
 * all (decision 130): at 1,000 messages a second that read was one statement per message ahead of every insert.
 */
async function resolveForMessage(db: Database, actor: ChatActor, ref: ConversationRef): Promise<Resolved> {
  if (ref.type === 'group') return groupConversation(db, actor, ref.id);
  // Friends only (decision 022): deleting a friend keeps the history but stops new messages.
  if (ref.id === actor.id) throw new DomainError('NOT_FRIENDS');
  let lookups = directLookups.get(db);
  if (!lookups) directLookups.set(db, (lookups = new LookupBatcher((pairs) => repo.friendshipsAndDirects(db, pairs), repo.MESSAGES_PER_STATEMENT)));
  const { friends, conversation } = await lookups.find([actor.id, ref.id]);
  if (!friends) throw new DomainError('NOT_FRIENDS');
  return { conversation: conversation ?? (await repo.createDirect(db, actor.id, ref.id)), asAgent: false };
}

/** Where a desk message (`ref.type` 'service') may be written; creates the desk on its customer's first message. Runs in the sending transaction. */
async function resolveDeskForWrite(tx: Executor, actor: ChatActor, ref: ConversationRef): Promise<Resolved> {
  if (ref.id === actor.id) {
    await repo.findOrCreateService(tx, actor.id);
    // Locked: the desk state (reopen, claim) changes with the message, one writer at a time.
    return { conversation: (await repo.findService(tx, actor.id, true))!, asAgent: false };
  }
  if (!actor.serviceAgent) throw new DomainError('NOT_SERVICE_AGENT');
  const conversation = await repo.findService(tx, ref.id, true);
  if (!conversation) throw new DomainError('NOT_FOUND');
  return { conversation, asAgent: true };
}

/** A group's conversation, for a member of a group that still exists: writing and reading apply the same gate. */
async function groupConversation(db: Executor, actor: ChatActor, groupId: number): Promise<Resolved> {
  const membership = await groupsRepo.findMembership(db, groupId, actor.id);
  if (!membership) throw new DomainError('NOT_GROUP_MEMBER');
  if (membership.group.disbandedAt) throw new DomainError('GROUP_DISBANDED');
  return { conversation: (await repo.findGroupConversation(db, groupId))!, asAgent: false };
}

/** Where a user may read; null when the conversation does not exist yet (nothing to read, nothing to leak). */
async function resolveForRead(db: Executor, actor: ChatActor, ref: ConversationRef): Promise<Resolved | null> {
  switch (ref.type) {
    case 'user': {
      if (ref.id === actor.id) throw new DomainError('NOT_FRIENDS');
      const conversation = await repo.findDirect(db, actor.id, ref.id);
      if (conversation) return { conversation, asAgent: false };
      if (!(await friendsRepo.areFriends(db, actor.id, ref.id))) throw new DomainError('NOT_FRIENDS');
      return null;
    }
    case 'group': {
      return groupConversation(db, actor, ref.id);
    }
    case 'service': {
      if (ref.id !== actor.id && !actor.serviceAgent) throw new DomainError('NOT_SERVICE_AGENT');
      const conversation = await repo.findService(db, ref.id);
      if (conversation) return { conversation, asAgent: ref.id !== actor.id };
      if (ref.id !== actor.id) throw new DomainError('NOT_FOUND');
      return null;
    }
  }
}

/**
 * The desk's state moves with its messages: a customer writing to a closed desk reopens it; an agent
 * answering claims it (an open or closed one), and a desk another agent holds refuses them.
 */
async function applyDeskRules(tx: Executor, actor: ChatActor, resolved: Resolved): Promise<repo.ConversationRow> {
  const { conversation, asAgent } = resolved;
  if (!asAgent) {
    return conversation.serviceState === 'closed' ? repo.updateConversation(tx, conversation.id, { serviceState: 'open', agentId: null }) : conversation;
  }
  if (conversation.serviceState === 'claimed') {
    if (conversation.agentId !== actor.id) throw new DomainError('SERVICE_CLAIMED_BY_OTHER');
    return conversation;
  }
  return repo.updateConversation(tx, conversation.id, { serviceState: 'claimed', agentId: actor.id });
}

/** Everyone who reads a conversation: its participants, plus every agent for a desk. */
async function readersOf(db: Executor, conversation: repo.ConversationRow): Promise<number[]> {
  // A direct pair is on the row itself: no query on the hot path of one-to-one chat.
  if (conversation.kind === 'direct') return [conversation.userLow!, conversation.userHigh!];
  if (conversation.kind === 'service') return [...new Set([conversation.customerId!, ...(await desk.serviceAgentIds(db))])];
  return repo.participantIds(db, conversation.id);
}

/** One publish per distinct view: a direct message is keyed differently for its two readers, anything else is one frame. */
function publishPerReader(hub: RealtimeHub, conversation: repo.ConversationRow, readers: readonly number[], frameFor: (readerId: number) => ServerFrame) {
  if (conversation.kind !== 'direct') {
    if (readers.length > 0) hub.publish(readers, frameFor(readers[0]!));
    return;
  }
  for (const reader of readers) hub.publish([reader], frameFor(reader));
}

async function replayOf(db: Database, actor: ChatActor, body: SendMessageBody, stored: repo.MessageWithSender): Promise<ChatMessage> {
  const conversation = (await repo.findConversation(db, stored.conversationId))!;
  const view = messageView(stored, conversation, actor.id);
  const same =
    view.conversation.type === body.conversation.type &&
    view.conversation.id === body.conversation.id &&
    stored.msgType === body.msg_type &&
    stored.content === body.content;
  // A client id names one message: reusing it for different content is a client bug, not a resend.
  if (!same) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return view;
}

/**
 * A message from a client, over HTTP or the socket: the user's flood gate first (CHAT_FLOOD_PER_SECOND in
 * any rolling second, one window per user over both paths and, with Redis, every node; decision 035), then
 * sendMessage. The socket passes the decision it took when the frame arrived; HTTP decides now.
 */
export async function sendFromClient(
  db: Database,
  realtime: RealtimeHub & { readonly flood: FloodGate },
  actor: ChatActor,
  body: SendMessageBody,
  admitted: Promise<boolean> = realtime.flood.admit(actor.id),
): Promise<ChatMessage> {
  if (!(await admitted)) throw new DomainError('TOO_FREQUENT');
  return sendMessage(db, realtime, actor, body);
}

/**
 * Stores one message (idempotent on (sender, client_id)), publishes `chat` frames to every recipient's
 * sockets and the sender's other sockets through the hub, and returns the message as the sender sees it.
 * `body` has passed the contract's sendMessageBody once: the HTTP endpoint parses it, and so does
 * toChatToSendBody for the socket.
 *
 * A direct or group message is a few reads (may the actor write there?) and then one statement that
 * stores it under its conversation's lock and commits (decision 035): no transaction around it, so the
 * lock lasts one statement; the messages waiting meanwhile share the next such statement (message-writer.ts,
 * decision 068). A desk message changes the desk's state with it, so it runs in a transaction
 * whose first step locks the desk. A resend is found by the insert's conflict, not by a look beforehand.
 */
const writers = new WeakMap<Database, MessageWriter>();
/** One writer per database handle (tests run several apps side by side). */
function messageWriter(db: Database): MessageWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new MessageWriter(db)));
  return writer;
}

export async function sendMessage(db: Database, hub: RealtimeHub, actor: ChatActor, body: SendMessageBody): Promise<ChatMessage> {
  if (body.msg_type === 'image') await assertChatImage(db, actor.id, body.content);
  const now = clock.now();
  let stored: { conversation: repo.ConversationRow; message: repo.MessageWithSender | undefined };
  try {
    stored =
      body.conversation.type === 'service'
        ? await db.transaction(async (tx) => {
            const resolved = await resolveDeskForWrite(tx, actor, body.conversation);
            const conversation = await applyDeskRules(tx, actor, resolved);
            return { conversation, message: await repo.insertMessage(tx, messageValues(conversation, actor, resolved.asAgent, body, now)) };
          })
        : await (async () => {
            const { conversation } = await resolveForMessage(db, actor, body.conversation);
            return { conversation, message: await messageWriter(db).store(messageValues(conversation, actor, false, body, now)) };
          })();
  } catch (error) {
    // A resend of a message stored before the conversation refused its sender (unfriended, left) is still answered from the record.
    const earlier = error instanceof DomainError ? await repo.findByClientId(db, actor.id, body.client_id) : undefined;
    if (earlier) return replayOf(db, actor, body, earlier);
    throw error;
  }
  if (!stored.message) {
    // (sender, client_id) is stored already: a resend, answered from the record.
    return replayOf(db, actor, body, (await repo.findByClientId(db, actor.id, body.client_id))!);
  }
  const message = stored.message;
  const readers = await readersOf(db, stored.conversation);
  publishPerReader(hub, stored.conversation, readers, (reader) => ({ type: 'chat', data: messageView(message, stored.conversation, reader) }));
  return messageView(message, stored.conversation, actor.id);
}

function messageValues(conversation: repo.ConversationRow, actor: ChatActor, asAgent: boolean, body: SendMessageBody, now: Date) {
  return {
    conversationId: conversation.id,
    senderId: actor.id,
    senderType: asAgent ? 'service' : 'user',
    msgType: body.msg_type,
    content: body.content,
    clientId: body.client_id,
    createdAt: now,
  };
}

/**
 * Maps a spec §3 to_chat frame to SendMessageBody with the contract's inverse of the client's mapper and
 * checks it with the HTTP route's schema; writing as the desk (user_type 'service' to a customer) is for agents only.
 */
export function toChatToSendBody(actor: ChatActor, data: ToChatData): SendMessageBody {
  const asDesk = !data.to_group && data.to_user_type !== 'service' && data.user_type === 'service';
  if (asDesk && !actor.serviceAgent) throw new DomainError('NOT_SERVICE_AGENT');
  // The socket path's one check of a message's rules (the HTTP endpoint parses its body the same way).
  const parsed = chatApi.sendMessageBody.safeParse(chatSocket.toSendMessageBody(data, actor.id));
  if (!parsed.success) throw new DomainError('PARAMETER_ERROR');
  return parsed.data;
}

export interface ReadResult {
  conversation: ConversationRef;
  last_read_id: number;
  unread: number;
  total_unread: number;
}

/**
 * Moves the reader's mark forward (never back, never past the newest message), publishes `read` to the
 * other party or members and `unread` with the exact total to the reader's sockets.
 */
export async function markRead(db: Database, hub: RealtimeHub, actor: ChatActor, ref: ConversationRef, lastId: number): Promise<ReadResult> {
  const resolved = await resolveForRead(db, actor, ref);
  if (!resolved) throw new DomainError('NOT_FOUND');
  const { conversation, asAgent } = resolved;
  let lastReadId: number;
  let unread: number;
  if (asAgent) {
    lastReadId = await repo.advanceAgentReadMark(db, conversation.id, lastId);
    unread = await repo.agentUnreadIn(db, conversation.id);
  } else {
    const mark = await repo.advanceReadMark(db, actor.id, conversation.id, lastId);
    if (mark === undefined) throw new DomainError('NOT_FOUND');
    lastReadId = mark;
    unread = await repo.unreadIn(db, actor.id, conversation.id);
  }
  const total = await repo.totalUnread(db, actor.id);

  const others = (await readersOf(db, conversation)).filter((id) => id !== actor.id);
  publishPerReader(hub, conversation, others, (reader) => ({
    type: 'read',
    data: { conversation: refFor(conversation, reader), reader: actor.id, last_read_id: lastReadId },
  }));
  hub.publish([actor.id], { type: 'unread', data: { total } });
  return { conversation: refFor(conversation, actor.id), last_read_id: lastReadId, unread, total_unread: total };
}

/** Messages after the user's read marks, not sent by the user, across all their conversations. */
export function totalUnread(db: Executor, userId: number): Promise<number> {
  return repo.totalUnread(db, userId);
}

/** The `ready` frame's cursor: the newest message id from which sync cannot skip a late one (decision 035). */
export async function latestMessageId(db: Executor): Promise<number> {
  return repo.latestMessageIdBelow(db, await repo.messageHorizon(db));
}

export async function listMessages(
  db: Database,
  actor: ChatActor,
  query: { type: ConversationRef['type']; id: number; before?: number | undefined; limit: number },
): Promise<{ list: ChatMessage[]; has_more: boolean }> {
  const resolved = await resolveForRead(db, actor, { type: query.type, id: query.id });
  if (!resolved) return { list: [], has_more: false };
  const rows = await repo.history(db, resolved.conversation.id, query.before, query.limit);
  return {
    list: rows.slice(0, query.limit).map((row) => messageView(row, resolved.conversation, actor.id)),
    has_more: rows.length > query.limit,
  };
}

/** How long sync waits for transactions that hold back messages already committed above them. */
const SYNC_SETTLE_MS = 1000;
const SYNC_SETTLE_STEP_MS = 10;

/**
 * Catch-up after a reconnect: everything after `after`, oldest first, CHAT_SYNC_LIMIT at a time. Only
 * messages below the horizon are returned (decision 035): a message committed above a transaction still
 * running could otherwise move the client's cursor past an id that commits later. Such a wait is short
 * (a send's transaction is a few statements); after SYNC_SETTLE_MS the page ends at the horizon and
 * `has_more` says the rest is there.
 */
export async function syncMessages(db: Database, actor: ChatActor, after: number): Promise<{ list: ChatMessage[]; has_more: boolean }> {
  const limit = chatApi.CHAT_SYNC_LIMIT;
  // I/O timing, not business time: the real clock (decision 025).
  const deadline = Date.now() + SYNC_SETTLE_MS;
  for (;;) {
    const horizon = await repo.messageHorizon(db);
    const rows = await repo.messagesAfter(db, actor.id, actor.serviceAgent, after, limit);
    const safe = rows.filter((row) => row.message.id < horizon);
    const heldBack = safe.length < rows.length && safe.length <= limit;
    if (!heldBack || Date.now() >= deadline) {
      return {
        list: safe.slice(0, limit).map((row) => messageView(row.message, row.conversation, actor.id)),
        has_more: rows.length > limit || heldBack,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, SYNC_SETTLE_STEP_MS));
  }
}

export async function listConversations(db: Database, actor: ChatActor): Promise<{ list: ConversationSummary[]; total_unread: number }> {
  const rows = await repo.listConversations(db, actor.id);
  const list = rows.map((row): ConversationSummary => {
    const { conversation } = row;
    let title = '';
    if (conversation.kind === 'direct' && row.other) title = row.remark || row.other.nickname || peerView(row.other).address;
    else if (conversation.kind === 'group') title = row.groupName ?? '';
    return {
      conversation: refFor(conversation, actor.id),
      title,
      avatar: conversation.kind === 'direct' ? (row.other?.avatar ?? null) : null,
      last_message: row.last ? messageView(row.last, conversation, actor.id) : null,
      unread: row.unread,
      updated_at: conversation.updatedAt.toISOString(),
    };
  });
  // Every conversation with unread messages has one, so the list's sum is the total (no second query).
  return { list, total_unread: list.reduce((sum, item) => sum + item.unread, 0) };
}
