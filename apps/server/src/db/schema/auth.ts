import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, timestamptz } from './columns.js';
import { userRef } from './users.js';

/** Sign-in tokens are opaque; only their SHA-256 is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigId(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  // By user: ending all of a user's sessions and listing them in the console (decision 084, issue 16).
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_user_id_idx').on(t.userId, t.id),
    // Who signed in today, for the console's active users (decision 090).
    index('sessions_created_idx').on(t.createdAt),
  ],
);

/** EIP-4361 nonces: random, single use, short-lived. */
export const loginNonces = pgTable(
  'login_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('login_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Accepted legacy "LOGIN<timestamp>" messages, so the same signed message cannot sign in twice.
 * Rows older than the acceptance window are pruned: the timestamp check refuses those anyway.
 */
export const loginMessages = pgTable(
  'login_messages',
  {
    account: text('account').notNull(),
    msg: text('msg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.account, t.msg] }), index('login_messages_created_idx').on(t.createdAt)],
);
