import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { userRef } from './users.js';

/** First answers of mutating money requests, keyed by the client's Idempotency-Key per user. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id'),
    key: text('key').notNull(),
    /** Method, path and body digest: the same key with a different request is refused, not replayed. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
