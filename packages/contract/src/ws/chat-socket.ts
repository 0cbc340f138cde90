/**
 * Chat socket frames (spec §3, §7 "Chat socket"; issue 4 §1): JSON `{type, data}` both ways, each
 * direction one discriminated union parsed on both sides. The socket lives at
 * `/ws?type=user&token=<sign-in token>`.
 */
import * as z from 'zod/mini';
import { isoTime, uid } from '../common.js';
import {
  CHAT_TEXT_MAX,
  chatMessage,
  chatUserType,
  clientMessageId,
  conversationRef,
  friendRequest,
  groupSummary,
  messageType,
  type ConversationRef,
  type SendMessageBody,
} from '../http/chat.js';
import { RECONNECT_MS } from '../constants.js';

export const CHAT_SOCKET_PATH = '/ws';

/** Close codes (4000–4999 are the application's). */
export const SOCKET_CLOSE = {
  /** Missing, unknown or expired token: the client must sign in again, not retry. */
  BAD_TOKEN: 4401,
  /** `type` query other than `user`. */
  BAD_TYPE: 4400,
  /** No frame for SOCKET_IDLE_MS (the client pings every 10 s). */
  IDLE: 4408,
  /**
   * The user already has SOCKETS_PER_USER sockets on this node, or the address SOCKETS_PER_IP: this new
   * one is refused (the open ones stay). The reason says which cap.
   */
  TOO_MANY_SOCKETS: 4429,
  /** The server is shutting down: reconnect (to another node). */
  GOING_AWAY: 1001,
  /**
   * The node lost its link to the other nodes (Redis) for a while and has it back: frames sent meanwhile may not have
   * reached this socket, so the client reconnects and catches up from its cursor (decision 128). 1012: service restart.
   */
  RESYNC: 1012,
} as const;

/**
 * After a RESYNC close every socket of a node closes at once; spreading their returns over this long keeps thousands
 * of clients from reconnecting and catching up in the same instant (decision 128). Other closes wait RECONNECT_MS.
 */
export const RESYNC_SPREAD_MS = 3_000;

/** How long a client waits before it reconnects after a close with `code`; `random` is in [0, 1). */
export function reconnectDelayMs(code: number, random: number): number {
  return RECONNECT_MS + (code === SOCKET_CLOSE.RESYNC ? Math.floor(random * RESYNC_SPREAD_MS) : 0);
}

/** The server closes a socket that sent nothing for this long (three missed heartbeats). */
export const SOCKET_IDLE_MS = 35_000;
/** Spec §8 'Do not operate frequently': more than this many to_chat frames in one second are refused. */
export const CHAT_FLOOD_PER_SECOND = 20;
/** A frame larger than this is refused before parsing. */
export const SOCKET_FRAME_MAX_BYTES = 8 * 1024;

/** Spec §3 to_chat: id (target user or group), to_group, to_user_type, user_type, content, msg_type, client id. */
export const toChatData = z.object({
  /** The target user's uid, the group id, or for an agent answering the desk the customer's uid (ignored when a user writes to the desk). */
  id: z.int().check(z.gte(0)),
  to_group: z.boolean(),
  to_user_type: chatUserType,
  user_type: chatUserType,
  content: z.string().check(z.minLength(1)).check(z.maxLength(CHAT_TEXT_MAX)),
  msg_type: messageType,
  client_id: clientMessageId,
});
export type ToChatData = z.infer<typeof toChatData>;

/**
 * A message for a conversation in spec §3's to_chat names. The service desk conversation is keyed by the
 * customer's uid: the customer writes *to* the desk, an agent writes *as* the desk to the customer.
 */
export function toChatFrame(body: SendMessageBody, myUid: number): ToChatData {
  const { conversation, msg_type, content, client_id } = body;
  const base = { msg_type, content, client_id };
  switch (conversation.type) {
    case 'group':
      return { ...base, id: conversation.id, to_group: true, to_user_type: 'user', user_type: 'user' };
    case 'user':
      return { ...base, id: conversation.id, to_group: false, to_user_type: 'user', user_type: 'user' };
    case 'service':
      return conversation.id === myUid
        ? { ...base, id: conversation.id, to_group: false, to_user_type: 'service', user_type: 'user' }
        : { ...base, id: conversation.id, to_group: false, to_user_type: 'user', user_type: 'service' };
  }
}

/**
 * The inverse of toChatFrame for the sender `myUid`: to_group → the group; to_user_type 'service' → the
 * sender's own desk conversation (`id` is ignored); user_type 'service' → the customer's desk conversation
 * (only agents may write there: the server checks); else the user. The result is not validated: the
 * server parses it once, with the rules the HTTP route applies.
 */
export function toSendMessageBody(data: ToChatData, myUid: number): SendMessageBody {
  let conversation: ConversationRef;
  if (data.to_group) conversation = { type: 'group', id: data.id };
  else if (data.to_user_type === 'service') conversation = { type: 'service', id: myUid };
  else if (data.user_type === 'service') conversation = { type: 'service', id: data.id };
  else conversation = { type: 'user', id: data.id };
  return { conversation, msg_type: data.msg_type, content: data.content, client_id: data.client_id };
}

const empty = z.optional(z.looseObject({}));

export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), data: empty }),
  z.object({ type: z.literal('online'), data: empty }),
  z.object({ type: z.literal('to_chat'), data: toChatData }),
  z.object({ type: z.literal('read'), data: z.object({ conversation: conversationRef, last_id: z.int().check(z.positive()) }) }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

export const GROUP_EVENTS = ['created', 'joined', 'removed', 'left', 'updated', 'disbanded'] as const;

export const serverFrame = z.discriminatedUnion('type', [
  /** First frame after the upgrade: who the socket belongs to and the newest stored message id. */
  z.object({ type: z.literal('ready'), data: z.object({ uid, last_message_id: z.int().check(z.gte(0)), server_time: isoTime }) }),
  z.object({ type: z.literal('pong'), data: z.object({ server_time: isoTime }) }),
  /** The answer to one to_chat: the stored message (server id, time). */
  z.object({ type: z.literal('ack'), data: z.object({ client_id: z.string(), message: chatMessage }) }),
  /** A message in one of the user's conversations (also the user's own, sent from another device). */
  z.object({ type: z.literal('chat'), data: chatMessage }),
  z.object({ type: z.literal('read'), data: z.object({ conversation: conversationRef, reader: uid, last_read_id: z.int() }) }),
  z.object({ type: z.literal('friend_request'), data: friendRequest }),
  z.object({
    type: z.literal('group_event'),
    data: z.object({
      group_id: z.int().check(z.positive()),
      event: z.enum(GROUP_EVENTS),
      /** The member the event is about (joined, removed, left). */
      uid: z.nullable(uid),
      /** The group as it is now; null once disbanded or for a member who is no longer in it. */
      group: z.nullable(groupSummary),
    }),
  }),
  /** The user's total unread count changed. */
  z.object({ type: z.literal('unread'), data: z.object({ total: z.int().check(z.nonnegative()) }) }),
  /** A refused frame: `code` from ERROR_CODES, `msg` localized; `client_id` when it answers a to_chat. */
  z.object({ type: z.literal('error'), data: z.object({ code: z.string(), msg: z.string(), client_id: z.nullable(z.string()) }) }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;
export type ServerFrameType = ServerFrame['type'];
