/**
 * Chat REST contracts (issue 4 §2): friends, groups, customer service, conversations and messages.
 * The spec names the pages (chat/*) but no chat API paths, so they live under /api/chat (decision 022).
 * Live delivery goes over the socket (../ws/chat-socket.ts); everything the socket pushes can also be
 * read here, so a client that was offline catches up with `sync` and never depends on a frame.
 */
import * as z from 'zod/mini';
import { TEXTAREA_MAX } from '../constants.js';
import { bigId, endpoint, freeText, idParam, isoTime, serialIdParam, uid } from '../common.js';

/** Text messages up to 1,000 characters, shown as text (never as HTML). */
export const CHAT_TEXT_MAX = 1000;
/** An emoji message is one short emoji sequence. */
export const CHAT_EMOJI_MAX = 32;
/** Group name and the owner's nickname in it. */
export const GROUP_NAME_MAX = 30;
export const GROUP_NICKNAME_MAX = 30;
export const GROUP_ANNOUNCEMENT_MAX = 500;
/** Members of one group, owner included. */
export const GROUP_MEMBERS_MAX = 500;
export const FRIEND_REMARK_MAX = 30;
export const CHAT_HISTORY_LIMIT_MAX = 100;
/** Messages a sync answer carries at most; `has_more` says to ask again from the last id. */
export const CHAT_SYNC_LIMIT = 200;

// Users, groups and friend requests have 32-bit keys; messages 64-bit ones (decision 095).
const uidParam = z.object({ uid: serialIdParam });
const serialParam = z.object({ id: serialIdParam });

export const MESSAGE_TYPES = ['text', 'image', 'emoji'] as const;
export const messageType = z.enum(MESSAGE_TYPES);

/**
 * Who a conversation is with, from the reader's side: `user` — the other user's uid; `group` — the
 * group id; `service` — the customer's uid (the customer and every agent see the same key).
 */
export const CONVERSATION_TYPES = ['user', 'group', 'service'] as const;
export const conversationType = z.enum(CONVERSATION_TYPES);
export const conversationRef = z.object({ type: conversationType, id: uid });
export type ConversationRef = z.infer<typeof conversationRef>;

/** Whether a party speaks as a user or as the service desk (spec §3 to_chat user_type / to_user_type). */
export const CHAT_USER_TYPES = ['user', 'service'] as const;
export const chatUserType = z.enum(CHAT_USER_TYPES);

/** A client-chosen message id, so a resend after a reconnect is stored once. */
export const clientMessageId = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

export const chatPeer = z.object({
  uid,
  nickname: z.string(),
  /** Masked wallet address (first 4 + "..." + last 4). */
  address: z.string(),
  /** Their picture, an upload address (`/uploads/<sha256>.<ext>`), or null for the drawn fallback (decision 044). */
  avatar: z.nullable(z.string()),
});
export type ChatPeer = z.infer<typeof chatPeer>;

/**
 * Who wrote a message. For customers an agent answering the desk has no uid (and no address): the desk
 * speaks, and a staff member's own account is not handed to every customer (decision 022).
 */
export const messageSender = z.extend(chatPeer, { uid: z.nullable(uid) });
export type MessageSender = z.infer<typeof messageSender>;

export const chatMessage = z.object({
  /** Server id: increases with every stored message, across all conversations. */
  id: z.int().check(z.positive()),
  client_id: z.nullable(z.string()),
  conversation: conversationRef,
  from: messageSender,
  /** `service` when an agent answered for the service desk. */
  from_type: chatUserType,
  msg_type: messageType,
  /** Text, an emoji, or for images the address returned by POST /api/upload. */
  content: z.string(),
  created_at: isoTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** What a client sends; the socket's to_chat carries the same fields in spec §3 names. */
export const sendMessageBody = z
  .object({
    conversation: conversationRef,
    msg_type: messageType,
    content: freeText(CHAT_TEXT_MAX, { multiline: true, trim: false }),
    client_id: clientMessageId,
  })
  .check(z.refine((m) => m.msg_type !== 'emoji' || m.content.length <= CHAT_EMOJI_MAX, { path: ['content'] }))
  .check(z.refine((m) => m.msg_type !== 'text' || m.content.trim().length > 0, { path: ['content'] }));
export type SendMessageBody = z.infer<typeof sendMessageBody>;

// ---- Friends ----------------------------------------------------------------------------------

export const FRIEND_REQUEST_STATES = ['sent', 'added', 'rejected'] as const;
export const friendRequestState = z.enum(FRIEND_REQUEST_STATES);

export const friendRequest = z.object({
  id: z.int().check(z.positive()),
  from: chatPeer,
  to: chatPeer,
  note: z.string(),
  state: friendRequestState,
  created_at: isoTime,
  decided_at: z.nullable(isoTime),
});
export type FriendRequest = z.infer<typeof friendRequest>;

export const friend = z.extend(chatPeer, { remark: z.string(), since: isoTime });
export type Friend = z.infer<typeof friend>;

export const searchResult = z.extend(chatPeer, {
  is_friend: z.boolean(),
  /** The latest request between the two, if any, from the searcher's side. */
  pending_request: z.nullable(z.enum(['outgoing', 'incoming'])),
});

/** chat/searchAdd: by uid (digits), wallet address (0x…) or nickname (substring). */
export const searchUsers = endpoint('GET /api/chat/search', 'user', {
  query: z.object({ q: freeText(64) }),
  response: z.object({ list: z.array(searchResult) }),
});

/** chat/addFri: a request with a note. */
export const sendFriendRequest = endpoint('POST /api/chat/friend-requests', 'user', {
  body: z.object({ uid, note: z._default(freeText(TEXTAREA_MAX, { min: 0, multiline: true }), '') }),
  response: friendRequest,
});

/** chat/addList: requests received and sent, newest first. */
export const listFriendRequests = endpoint('GET /api/chat/friend-requests', 'user', {
  response: z.object({ incoming: z.array(friendRequest), outgoing: z.array(friendRequest) }),
});

export const acceptFriendRequest = endpoint('POST /api/chat/friend-requests/:id/accept', 'user', {
  params: serialParam,
  response: friendRequest,
});

export const rejectFriendRequest = endpoint('POST /api/chat/friend-requests/:id/reject', 'user', {
  params: serialParam,
  response: friendRequest,
});

/** chat/myFriList. */
export const listFriends = endpoint('GET /api/chat/friends', 'user', { response: z.object({ list: z.array(friend) }) });

/** chat/friCard. */
export const getFriend = endpoint('GET /api/chat/friends/:uid', 'user', {
  params: uidParam,
  response: friend,
});

export const setFriendRemark = endpoint('POST /api/chat/friends/:uid/remark', 'user', {
  params: uidParam,
  body: z.object({ remark: freeText(FRIEND_REMARK_MAX, { min: 0 }) }),
  response: friend,
});

export const deleteFriend = endpoint('DELETE /api/chat/friends/:uid', 'user', {
  params: uidParam,
  response: z.object({ uid }),
});

// ---- Groups -----------------------------------------------------------------------------------

export const GROUP_ROLES = ['owner', 'member'] as const;
export const groupMember = z.extend(chatPeer, {
  role: z.enum(GROUP_ROLES),
  /** The member's nickname in this group ('' = their own nickname). */
  group_nickname: z.string(),
  joined_at: isoTime,
});

export const groupSummary = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  announcement: z.string(),
  owner_uid: uid,
  member_count: z.int(),
  my_role: z.enum(GROUP_ROLES),
  created_at: isoTime,
});
export type GroupSummary = z.infer<typeof groupSummary>;

export const groupDetails = z.extend(groupSummary, { members: z.array(groupMember) });
export type GroupDetails = z.infer<typeof groupDetails>;

/** Spec §5: group name, nickname and announcement are all required. Invitees must be friends. */
export const createGroup = endpoint('POST /api/chat/groups', 'user', {
  body: z.object({
    name: freeText(GROUP_NAME_MAX),
    nickname: freeText(GROUP_NICKNAME_MAX),
    announcement: freeText(GROUP_ANNOUNCEMENT_MAX, { multiline: true }),
    member_uids: z._default(z.array(uid).check(z.maxLength(GROUP_MEMBERS_MAX - 1)), []),
  }),
  response: groupDetails,
});

/** chat/groupList: the groups the user belongs to. */
export const listGroups = endpoint('GET /api/chat/groups', 'user', { response: z.object({ list: z.array(groupSummary) }) });

/** chat/groupInfoDetails: members only. */
export const getGroup = endpoint('GET /api/chat/groups/:id', 'user', {
  params: serialParam,
  response: groupDetails,
});

/** The owner edits the name or the announcement. */
export const updateGroup = endpoint('POST /api/chat/groups/:id', 'user', {
  params: serialParam,
  body: z
    .object({ name: z.optional(freeText(GROUP_NAME_MAX)), announcement: z.optional(freeText(GROUP_ANNOUNCEMENT_MAX, { multiline: true })) })
    .check(z.refine((b) => b.name !== undefined || b.announcement !== undefined)),
  response: groupDetails,
});

/** Any member invites friends of theirs. */
export const inviteToGroup = endpoint('POST /api/chat/groups/:id/invite', 'user', {
  params: serialParam,
  body: z.object({
    uids: z
      .array(uid)
      .check(z.minLength(1))
      .check(z.maxLength(GROUP_MEMBERS_MAX - 1)),
  }),
  response: groupDetails,
});

/** The owner removes a member. */
export const removeFromGroup = endpoint('POST /api/chat/groups/:id/remove', 'user', {
  params: serialParam,
  body: z.object({ uid }),
  response: groupDetails,
});

/** A member (not the owner) leaves. */
export const exitGroup = endpoint('POST /api/chat/groups/:id/exit', 'user', {
  params: serialParam,
  response: z.object({ id: z.int() }),
});

/** The owner disbands: members are told, history stays readable by nobody. */
export const disbandGroup = endpoint('POST /api/chat/groups/:id/disband', 'user', {
  params: serialParam,
  response: z.object({ id: z.int() }),
});

// ---- Conversations and messages ---------------------------------------------------------------

export const conversationSummary = z.object({
  conversation: conversationRef,
  /** Friend remark or nickname, group name, or the customer for an agent ('' for the desk: the client titles it). */
  title: z.string(),
  /** The other person's picture in a direct chat (the customer's for an agent); null for groups, the desk and no picture. */
  avatar: z.nullable(z.string()),
  last_message: z.nullable(chatMessage),
  unread: z.int().check(z.nonnegative()),
  updated_at: isoTime,
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** chat/index: newest activity first, with unread counts; `total_unread` feeds the badges. */
export const listConversations = endpoint('GET /api/chat/conversations', 'user', {
  response: z.object({ list: z.array(conversationSummary), total_unread: z.int().check(z.nonnegative()) }),
});

/** History, newest first, older pages by `before` (a message id). */
export const listMessages = endpoint('GET /api/chat/messages', 'user', {
  query: z.object({
    type: conversationType,
    id: serialIdParam,
    before: z.optional(idParam),
    limit: z._default(z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(CHAT_HISTORY_LIMIT_MAX)), 30),
  }),
  response: z.object({ list: z.array(chatMessage), has_more: z.boolean() }),
});

/** Sends over HTTP (the socket's to_chat does the same); a repeated client_id returns the stored message. */
export const sendMessage = endpoint('POST /api/chat/messages', 'user', {
  body: sendMessageBody,
  response: chatMessage,
});

/** Everything stored after `after` in the user's conversations, oldest first (catch-up after a reconnect). */
export const syncMessages = endpoint('GET /api/chat/sync', 'user', {
  query: z.object({ after: z.coerce.number().check(z.int()).check(z.gte(0)).check(z.lte(Number.MAX_SAFE_INTEGER)) }),
  response: z.object({ list: z.array(chatMessage), has_more: z.boolean() }),
});

/** Marks a conversation read up to a message id (never backwards). */
export const markRead = endpoint('POST /api/chat/read', 'user', {
  body: z.object({ conversation: conversationRef, last_id: bigId }),
  response: z.object({ conversation: conversationRef, last_read_id: z.int(), unread: z.int(), total_unread: z.int() }),
});

// The unread total lives in its own module: the web's first load polls it, and must not carry every chat schema.
export { getUnread } from './chat-unread.js';

// ---- Customer service -------------------------------------------------------------------------

export const SERVICE_STATES = ['open', 'claimed', 'closed'] as const;
export const serviceTicket = z.object({
  /** The customer's uid: the conversation's id as `{type: 'service', id}`. */
  customer: chatPeer,
  state: z.enum(SERVICE_STATES),
  /** The agent who claimed it (without uid for the customer). */
  agent: z.nullable(messageSender),
  /** Unread for the reader (the customer, or the agents' side). */
  unread: z.int().check(z.nonnegative()),
  last_message: z.nullable(chatMessage),
  updated_at: isoTime,
});
export type ServiceTicket = z.infer<typeof serviceTicket>;

/** chat/myService: the user's own conversation with the desk (created on first use). */
export const getMyService = endpoint('GET /api/chat/service', 'user', { response: serviceTicket });

/** Agents (SERVICE_ADDRESSES): open and claimed conversations, unread first. */
export const serviceInbox = endpoint('GET /api/chat/service/inbox', 'user', {
  query: z.object({ state: z.optional(z.enum(SERVICE_STATES)) }),
  response: z.object({ list: z.array(serviceTicket) }),
});

export const claimService = endpoint('POST /api/chat/service/:uid/claim', 'user', {
  params: uidParam,
  response: serviceTicket,
});

export const closeService = endpoint('POST /api/chat/service/:uid/close', 'user', {
  params: uidParam,
  response: serviceTicket,
});
