import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { userRef } from './users.js';

/**
 * The one live code per phone number and purpose (decision 076). A new code replaces the old one in place, and only
 * when the last was sent 60 s ago or more: the conditional upsert is the resend rule, race-free across nodes.
 * The code itself is never stored: `code_hash` is HMAC-SHA256 keyed with the row's random `salt`.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    /** E.164 (`+` and digits). */
    phone: text('phone').notNull(),
    /** 'login' (POST /api/login/mobile) or 'bind' (POST /api/register/verify). */
    purpose: text('purpose').notNull(),
    /** For 'bind': the signed-in user who asked; only they may use the code. */
    userId: integer('user_id'),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Wrong codes entered; at the limit the code is locked until a new one is sent. */
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.phone, t.purpose] }),
    check('phone_codes_purpose', sql`${t.purpose} in ('login', 'bind')`),
    check('phone_codes_attempts_nonnegative', sql`${t.attempts} >= 0`),
  ],
);

/** Every code sent, for the per-number and per-address limits (rows older than a day are pruned). */
export const phoneCodeSends = pgTable(
  'phone_code_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('phone_code_sends_phone_idx').on(t.phone, t.createdAt), index('phone_code_sends_ip_idx').on(t.ip, t.createdAt)],
);

/** A wallet account's verified phone number: at most one each way. */
export const userPhones = pgTable(
  'user_phones',
  {
    userId: userRef('user_id').primaryKey(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_phones_phone_key').on(t.phone)],
);
