import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, timestamptz } from './columns.js';
import { userRef } from './users.js';

/** One AI-assistant conversation of one user. Only its owner reads, continues or deletes it. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: bigId(),
    userId: userRef('user_id'),
    /** The first question, shortened: what the conversation list shows. */
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc())],
);

/**
 * A question or an answer. An answer is inserted as `streaming` before the first token and finished as
 * `complete`, `stopped` (the client went away; the text streamed so far is kept) or `failed`.
 * `user_id` is denormalised so the per-user rate limit counts recent questions with one index scan.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: bigId(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('complete'),
    /** Articles the answer was grounded on: [{id, title}]. */
    sources: jsonb('sources').$type<{ id: string; title: string }[]>().notNull().default([]),
    /** Error code of a failed answer. */
    errorCode: text('error_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_messages_conversation_idx').on(t.conversationId, t.id),
    index('ai_messages_user_role_created_idx').on(t.userId, t.role, t.createdAt),
    check('ai_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('ai_messages_status', sql`${t.status} in ('streaming', 'complete', 'stopped', 'failed')`),
  ],
);
