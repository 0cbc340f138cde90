import { count, desc, eq, and, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { users, withdrawals } from '../../db/schema/index.js';
import { sortedBy, type ListSort } from '../../db/sort.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalWithAccount = WithdrawalRow & { account: string };

export async function insertWithdrawal(db: Executor, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const rows = await db.insert(withdrawals).values(values).returning();
  return rows[0]!;
}

/** Takes the pool, not a transaction: the page and the count run in parallel on two connections. */
async function page<T>(db: Database, where: SQL | undefined, limit: number, offset: number, list: (where: SQL | undefined) => Promise<T[]>) {
  const [rows, totals] = await Promise.all([list(where), db.select({ total: count() }).from(withdrawals).where(where)]);
  return { list: rows, total: totals[0]?.total ?? 0 };
}

/** A user's withdrawals, newest first (index on user_id, id desc). */
export function listForUser(db: Database, userId: number, limit: number, offset: number) {
  return page(db, eq(withdrawals.userId, userId), limit, offset, (where) =>
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset),
  );
}

export async function findForUser(db: Executor, userId: number, id: number): Promise<WithdrawalRow | undefined> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  return rows[0];
}

const withAccount = { row: withdrawals, account: users.account };

/** Every user's withdrawals for operators, optionally by status, newest first (index on status, id). */
const REVIEW_SORTS = { id: withdrawals.id, uid: withdrawals.userId, amount: withdrawals.amount, status: withdrawals.status, created_at: withdrawals.createdAt };

export async function listForReview(db: Database, status: string | undefined, limit: number, offset: number, sort?: ListSort<keyof typeof REVIEW_SORTS>) {
  const result = await page(db, status ? eq(withdrawals.status, status) : undefined, limit, offset, (where) =>
    db
      .select(withAccount)
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(...(sortedBy(REVIEW_SORTS, withdrawals.id, sort) ?? [desc(withdrawals.id)]))
      .limit(limit)
      .offset(offset),
  );
  return { total: result.total, list: result.list.map(({ row, account }) => ({ ...row, account })) };
}

/**
 * Locks one withdrawal row until the transaction ends (the user row is only read): a second reviewer
 * waits here, then sees the status the first one left.
 */
export async function lockForReview(db: Executor, id: number): Promise<WithdrawalWithAccount | undefined> {
  const rows = await db
    .select(withAccount)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id))
    .for('update', { of: withdrawals });
  const found = rows[0];
  return found && { ...found.row, account: found.account };
}

export type Review = { status: 'approved'; txHash: string; reason?: never } | { status: 'rejected'; reason: string; txHash?: never };

/**
 * Settles a withdrawal that is `from` (pending, or paying for a hot-wallet payout); the status condition is a
 * backstop behind the row lock.
 */
export async function markReviewed(
  db: Executor,
  id: number,
  review: Review & { settleEntryId: number; reviewedBy: number; reviewedAt: Date },
  from: 'pending' | 'paying' = 'pending',
): Promise<WithdrawalRow | undefined> {
  const rows = await db
    .update(withdrawals)
    .set({
      status: review.status,
      txHash: review.txHash ?? null,
      reason: review.reason ?? null,
      settleEntryId: review.settleEntryId,
      reviewedBy: review.reviewedBy,
      reviewedAt: review.reviewedAt,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning();
  return rows[0];
}

/** pending → paying: from here on the row is never sent again without an operator's decision. */
export async function markPaying(db: Executor, id: number, payingBy: number, payingSince: Date): Promise<WithdrawalRow | undefined> {
  const rows = await db
    .update(withdrawals)
    .set({ status: 'paying', payingBy, payingSince, payoutFailure: null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return rows[0];
}

/** paying → pending: the transfer is known not to have been broadcast (or an operator checked it was not mined). */
export async function releasePaying(db: Executor, id: number, payoutFailure: string | null): Promise<WithdrawalRow | undefined> {
  const rows = await db
    .update(withdrawals)
    .set({ status: 'pending', payingBy: null, payingSince: null, payoutFailure })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'paying')))
    .returning();
  return rows[0];
}
