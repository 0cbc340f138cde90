import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { sortedBy, type ListSort } from '../../db/sort.js';

export interface AuditRow {
  /** Null for the platform's own entries, whose `actorAccount` is `system` (decision 097). */
  actorId: number | null;
  actorAccount: string;
  ip: string;
  action: string;
  target: unknown;
  request: unknown;
  before: unknown;
  after: unknown;
}

export async function insertEntry(db: Executor, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  actor?: number;
  action?: string;
  q?: string;
  from?: Date;
  to?: Date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const AUDIT_SORTS = { id: auditLog.id, created_at: auditLog.createdAt, actor: auditLog.actorId, action: auditLog.action };

export async function search(db: Executor, filter: AuditFilter, page: number, limit: number, sort?: ListSort<keyof typeof AUDIT_SORTS>) {
  const conditions: SQL[] = [];
  if (filter.actor !== undefined) conditions.push(eq(auditLog.actorId, filter.actor));
  if (filter.action) conditions.push(ilike(auditLog.action, `%${escapeLike(filter.action)}%`));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(sql`coalesce(${auditLog.target}::text, '')`, pattern),
        ilike(sql`coalesce(${auditLog.request}::text, '')`, pattern),
        ilike(sql`coalesce(${auditLog.before}::text, '')`, pattern),
        ilike(sql`coalesce(${auditLog.after}::text, '')`, pattern),
        ilike(auditLog.actorAccount, pattern),
        ilike(auditLog.ip, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...(sortedBy(AUDIT_SORTS, auditLog.id, sort) ?? [desc(auditLog.id)]))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count[0]!.n };
}
