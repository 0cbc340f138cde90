import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, exactAmount, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Who runs the platform (issue 16, decision 082): one row per (wallet, role). Keyed by the wallet, not the uid,
 * so a role can be given before its holder first signs in. `seeded` rows come from ADMIN_ADDRESSES /
 * SERVICE_ADDRESSES and follow them at every start; the others were granted in the console.
 */
export const operatorRoles = pgTable(
  'operator_roles',
  {
    account: text('account').notNull(),
    role: text('role').notNull(),
    seeded: boolean('seeded').notNull().default(false),
    grantedBy: integer('granted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.role] }),
    check('operator_roles_role', sql`${t.role} in ('administrator', 'operator', 'auditor', 'service_agent')`),
    check('operator_roles_account', sql`${t.account} ~ '^0x[0-9a-f]{40}$'`),
  ],
);

/**
 * Every operator action (issue 16, decision 083): who, when, from where, which route, on what, with which values
 * before and after. Append-only: a trigger refuses UPDATE and DELETE, like the ledger's journal.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the platform's own entries (the reconciliation job, decision 097): their account reads `system`. */
    actorId: integer('actor_id').references(() => users.id),
    actorAccount: text('actor_account').notNull(),
    ip: text('ip').notNull(),
    action: text('action').notNull(),
    target: jsonb('target'),
    request: jsonb('request'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    check('audit_log_system_actor', sql`${t.actorId} is not null or ${t.actorAccount} = 'system'`),
  ],
);

/** Operator settings the console edits (decision 084): `four_eyes_above`, the adjustment amount above which a second administrator approves. */
export const consoleSettings = pgTable('console_settings', {
  key: text('key').primaryKey(),
  value: text('value'),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: createdAt(),
});

/** A balance adjustment above the four-eyes amount, waiting for a second administrator (decision 084). */
export const adjustmentRequests = pgTable(
  'adjustment_requests',
  {
    id: serial('id').primaryKey(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: exactAmount('amount').notNull(),
    memo: text('memo').notNull(),
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('adjustment_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('adjustment_requests_status_idx').on(t.status, t.id),
  ],
);
