/**
 * The audit log (issue 16, decision 083): every change an operator makes through an admin route, written by the
 * endpoint plugin once the route answered, with the values the service reports before and after. The table is
 * append-only in the database.
 */
import type { Database, Executor } from '../../db/client.js';
import * as repo from './audit.repository.js';

export type { AuditRow } from './audit.repository.js';

/** What a handler tells the audit about its change; `after` defaults to the route's answer. */
export interface AuditNote {
  before?: unknown;
  after?: unknown;
}

export function record(db: Executor, row: repo.AuditRow): Promise<void> {
  return repo.insertEntry(db, row);
}

export interface AuditQuery {
  page: number;
  limit: number;
  actor?: number;
  action?: string;
  q?: string;
  from?: string;
  to?: string;
  sort?: 'id' | 'created_at' | 'actor' | 'action';
  order?: 'asc' | 'desc';
}

export async function search(db: Database, query: AuditQuery) {
  const { rows, total } = await repo.search(
    db,
    {
      actor: query.actor,
      action: query.action,
      q: query.q,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    query.page,
    query.limit,
    query,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      actor: r.actorId,
      actor_account: r.actorAccount,
      ip: r.ip,
      action: r.action,
      target: r.target,
      request: r.request,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    total,
  };
}
