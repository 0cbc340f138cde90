import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, exactAmount, serialId, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * An admin write the policy holds for a second administrator (decision 092): the route, its parameters and body as
 * parsed, who asked, what it can create or release and for whom. `running` while the approving administrator's
 * call executes it, so two approvals cannot both run it; a failure puts it back to `pending`.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serialId(),
    action: text('action').notNull(),
    params: jsonb('params'),
    body: jsonb('body'),
    value: exactAmount('value'),
    beneficiaries: jsonb('beneficiaries').$type<number[]>().notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [
    check('approval_requests_status', sql`${t.status} in ('pending', 'running', 'approved', 'rejected')`),
    index('approval_requests_status_idx').on(t.status, t.id),
  ],
);

/**
 * Value a console user created or released (alone or as the approver), per action: what the daily value limit sums
 * (decision 092). Append-only in spirit; a row is written after the action succeeded.
 */
export const policyValueLog = pgTable(
  'policy_value_log',
  {
    id: serialId(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    value: exactAmount('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('policy_value_log_actor_idx').on(t.actorId, t.createdAt)],
);
