import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { deposits, users } from '../../db/schema/index.js';

export type DepositRow = typeof deposits.$inferSelect;
export type PendingDeposit = DepositRow & { account: string };

export async function findByHash(db: Executor, txHash: string): Promise<DepositRow | undefined> {
  const rows = await db.select().from(deposits).where(eq(deposits.txHash, txHash));
  return rows[0];
}

/**
 * Inserts a claim, or nothing when the hash is already claimed. On PostgreSQL a concurrent claim of the
 * same hash waits on the unique index until the first commits, then inserts nothing.
 */
export async function insertDeposit(db: Executor, values: typeof deposits.$inferInsert): Promise<DepositRow | undefined> {
  const rows = await db.insert(deposits).values(values).onConflictDoNothing({ target: deposits.txHash }).returning();
  return rows[0];
}

/** A user's deposits, newest first (index on user_id, id desc). Takes the pool: page and count run in parallel. */
export async function listForUser(db: Database, userId: number, limit: number, offset: number) {
  const where = eq(deposits.userId, userId);
  const [list, totals] = await Promise.all([
    db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  return { list, total: totals[0]?.total ?? 0 };
}

const withAccount = { row: deposits, account: users.account };

/** The watcher's queue: pending deposits with their owner's wallet, oldest first (partial index). */
export async function pendingBatch(db: Executor, limit: number): Promise<PendingDeposit[]> {
  const rows = await db
    .select(withAccount)
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(eq(deposits.status, 'pending'))
    .orderBy(asc(deposits.id))
    .limit(limit);
  return rows.map(({ row, account }) => ({ ...row, account }));
}

/** Locks a deposit row until the transaction ends, if it is still pending: whoever holds it may credit it. */
export async function lockPending(db: Executor, id: number): Promise<DepositRow | undefined> {
  const rows = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
    .for('update');
  return rows[0];
}

export interface Progress {
  amount: string | null;
  blockNumber: number | null;
  confirmations: number;
}

export async function recordProgress(db: Executor, id: number, progress: Progress): Promise<DepositRow | undefined> {
  const rows = await db
    .update(deposits)
    .set({ ...progress, checkedAt: new Date() })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
    .returning();
  return rows[0];
}

export async function markCredited(db: Executor, id: number, progress: Progress & { amount: string; entryId: number }): Promise<DepositRow> {
  const now = new Date();
  const rows = await db
    .update(deposits)
    .set({ ...progress, status: 'credited', checkedAt: now, creditedAt: now })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
    .returning();
  if (!rows[0]) throw new Error(`deposit ${id} is no longer pending`);
  return rows[0];
}

export async function markFailed(db: Executor, id: number, failure: string): Promise<void> {
  await db
    .update(deposits)
    .set({ status: 'failed', failure, checkedAt: new Date() })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')));
}
