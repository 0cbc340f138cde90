import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { deposits, users } from '../../db/schema/index.js';
import { sortedBy, type ListSort } from '../../db/sort.js';
import * as clock from '../../core/clock.js';

export type DepositRow = typeof deposits.$inferSelect;
export type PendingDeposit = DepositRow & { account: string };

export async function findByHash(db: Executor, txHash: string): Promise<DepositRow | undefined> {
  const rows = await db.select().from(deposits).where(eq(deposits.txHash, txHash));
  return rows[0];
}

/** A live (not rejected) review request with this voucher image. */
export async function findByVoucherImage(db: Executor, voucherImage: string): Promise<DepositRow | undefined> {
  const rows = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.voucherImage, voucherImage), ne(deposits.status, 'rejected')));
  return rows[0];
}

/**
 * Inserts a review request, or nothing when its voucher (hash, or a live claim's image) is taken: no target, so
 * either unique index counts. A concurrent insert of the same voucher waits for the first, then inserts nothing.
 */
export async function insertReview(db: Executor, values: typeof deposits.$inferInsert): Promise<DepositRow | undefined> {
  const rows = await db.insert(deposits).values(values).onConflictDoNothing().returning();
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
    .set({ ...progress, checkedAt: clock.now() })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
    .returning();
  return rows[0];
}

export async function markCredited(db: Executor, id: number, progress: Progress & { amount: string; entryId: number }): Promise<DepositRow> {
  const now = clock.now();
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
    .set({ status: 'failed', failure, checkedAt: clock.now() })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')));
}

export type DepositWithAccount = DepositRow & { account: string };

/** Every user's deposits for operators, optionally by status, newest first (index on status, id). */
const REVIEW_SORTS = { id: deposits.id, uid: deposits.userId, amount: deposits.amount, status: deposits.status, created_at: deposits.createdAt };

export async function listForReview(db: Database, status: string | undefined, limit: number, offset: number, sort?: ListSort<keyof typeof REVIEW_SORTS>) {
  const where: SQL | undefined = status ? eq(deposits.status, status) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(withAccount)
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(where)
      .orderBy(...(sortedBy(REVIEW_SORTS, deposits.id, sort) ?? [desc(deposits.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  return { list: rows.map(({ row, account }) => ({ ...row, account })), total: totals[0]?.total ?? 0 };
}

/**
 * Locks one deposit row until the transaction ends (the user row is only read): a second operator waits here,
 * then sees the status the first one left.
 */
export async function lockForReview(db: Executor, id: number): Promise<DepositWithAccount | undefined> {
  const rows = await db
    .select(withAccount)
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(eq(deposits.id, id))
    .for('update', { of: deposits });
  const found = rows[0];
  return found && { ...found.row, account: found.account };
}

export type ReviewOutcome = { status: 'credited'; entryId: number } | { status: 'rejected'; reason: string };

/** Settles a review request; the status condition is a backstop behind the row lock. */
export async function markReviewed(db: Executor, id: number, outcome: ReviewOutcome, reviewedBy: number, now: Date): Promise<DepositRow | undefined> {
  const rows = await db
    .update(deposits)
    .set(
      outcome.status === 'credited'
        ? { status: 'credited', entryId: outcome.entryId, creditedAt: now, reviewedBy, reviewedAt: now, checkedAt: now }
        : { status: 'rejected', reason: outcome.reason, reviewedBy, reviewedAt: now, checkedAt: now },
    )
    .where(and(eq(deposits.id, id), eq(deposits.status, 'review')))
    .returning();
  return rows[0];
}
