import * as z from 'zod/mini';
import { bigId, endpoint, freeText, idParams, isoTime, pagedList, pageQuery } from '../common.js';

/** Longest question accepted, in characters (after trimming). */
export const AI_MESSAGE_MAX = 2000;
/** Questions one user may ask per minute. */
export const AI_MESSAGES_PER_MINUTE = 10;

export const aiSource = z.object({ id: z.string(), title: z.string() });
export type AiSource = z.infer<typeof aiSource>;

export const AI_MESSAGE_STATUSES = ['streaming', 'complete', 'stopped', 'failed'] as const;
export type AiMessageStatus = (typeof AI_MESSAGE_STATUSES)[number];

export const aiMessage = z.object({
  id: z.int(),
  role: z.enum(['user', 'assistant']),
  /** Markdown for answers, plain text for questions. */
  content: z.string(),
  status: z.enum(AI_MESSAGE_STATUSES),
  sources: z.array(aiSource),
  created_at: isoTime,
});
export type AiMessage = z.infer<typeof aiMessage>;

export const aiConversation = z.object({
  id: z.int(),
  title: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AiConversation = z.infer<typeof aiConversation>;

/** The user's conversations, most recently active first. */
export const listConversations = endpoint('GET /api/ai/conversations', 'user', {
  query: pageQuery,
  response: pagedList(aiConversation),
});

/** One of the user's conversations with its messages, oldest first. Someone else's id is NOT_FOUND. */
export const getConversation = endpoint('GET /api/ai/conversations/:id', 'user', {
  params: idParams,
  response: z.extend(aiConversation, { messages: z.array(aiMessage) }),
});

export const deleteConversation = endpoint('DELETE /api/ai/conversations/:id', 'user', {
  params: idParams,
  response: z.object({ id: z.int() }),
});

export const chatBody = z.object({
  /** Continue this conversation; omitted, a new one is started. */
  conversation_id: z.optional(bigId),
  message: freeText(AI_MESSAGE_MAX, { multiline: true }),
});
export type ChatBody = z.infer<typeof chatBody>;

/**
 * POST /api/ai/chat answers with `text/event-stream`, not an envelope (refusals before the stream starts —
 * bad input, unknown conversation, too frequent — are ordinary envelopes). Each event's `data` is JSON:
 * `meta` first, then `delta`s, then exactly one `done` or `error`.
 */
export const chat = {
  method: 'POST',
  path: '/api/ai/chat',
  auth: 'user',
  body: chatBody,
} as const;

export const streamMeta = z.object({
  conversation_id: z.int(),
  /** The question as stored, and the answer being written. */
  user_message_id: z.int(),
  message_id: z.int(),
  sources: z.array(aiSource),
});
export const streamDelta = z.object({ text: z.string() });
export const streamDone = z.object({ message_id: z.int(), status: z.enum(['complete', 'stopped']) });
export const streamError = z.object({ message_id: z.nullable(z.int()), code: z.string(), msg: z.string() });

export const streamEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('meta'), data: streamMeta }),
  z.object({ event: z.literal('delta'), data: streamDelta }),
  z.object({ event: z.literal('done'), data: streamDone }),
  z.object({ event: z.literal('error'), data: streamError }),
]);
export type StreamEvent = z.infer<typeof streamEvent>;

/** Parses one server-sent event (its name and raw data) of the chat stream; null when it breaks the contract. */
export function parseStreamEvent(event: string | undefined, data: string): StreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const result = streamEvent.safeParse({ event, data: json });
  return result.success ? result.data : null;
}
