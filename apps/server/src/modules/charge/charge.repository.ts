import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { bnbCharges, users } from '../../db/schema/index.js';
import * as clock from '../../core/clock.js';

export type BnbChargeRow = typeof bnbCharges.$inferSelect;
export type PendingBnbCharge = BnbChargeRow & { account: string };

export async function findBnbChargeByHash(db: Executor, txHash: string): Promise<BnbChargeRow | undefined> {
  const rows = await db.select().from(bnbCharges).where(eq(bnbCharges.txHash, txHash));
  return rows[0];
}

/** Inserts the claim, or nothing when the hash is taken (a concurrent insert is waited for). */
export async function insertBnbCharge(db: Executor, values: typeof bnbCharges.$inferInsert): Promise<BnbChargeRow | undefined> {
  const rows = await db.insert(bnbCharges).values(values).onConflictDoNothing({ target: bnbCharges.txHash }).returning();
  return rows[0];
}

/** A user's BNB charges, newest first (index on user_id, id desc). Takes the pool: page and count run in parallel. */
export async function listForUser(db: Database, userId: number, limit: number, offset: number) {
  const where = eq(bnbCharges.userId, userId);
  const [list, totals] = await Promise.all([
    db.select().from(bnbCharges).where(where).orderBy(desc(bnbCharges.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(bnbCharges).where(where),
  ]);
  return { list, total: totals[0]?.total ?? 0 };
}

export async function findForUser(db: Executor, userId: number, id: number): Promise<BnbChargeRow | undefined> {
  const rows = await db
    .select()
    .from(bnbCharges)
    .where(and(eq(bnbCharges.id, id), eq(bnbCharges.userId, userId)));
  return rows[0];
}

/** The watcher's queue: pending charges with their owner's wallet, oldest first (partial index). */
export async function pendingBatch(db: Executor, limit: number): Promise<PendingBnbCharge[]> {
  const rows = await db
    .select({ row: bnbCharges, account: users.account })
    .from(bnbCharges)
    .innerJoin(users, eq(users.id, bnbCharges.userId))
    .where(eq(bnbCharges.status, 'pending'))
    .orderBy(asc(bnbCharges.id))
    .limit(limit);
  return rows.map(({ row, account }) => ({ ...row, account }));
}

/** Locks a charge row until the transaction ends, if it is still pending: whoever holds it may credit it. */
export async function lockPending(db: Executor, id: number): Promise<BnbChargeRow | undefined> {
  const rows = await db
    .select()
    .from(bnbCharges)
    .where(and(eq(bnbCharges.id, id), eq(bnbCharges.status, 'pending')))
    .for('update');
  return rows[0];
}

export interface Progress {
  amountBnb: string;
  blockNumber: number | null;
  confirmations: number;
}

export async function recordProgress(db: Executor, id: number, progress: Progress): Promise<void> {
  await db
    .update(bnbCharges)
    .set({ ...progress, checkedAt: clock.now() })
    .where(and(eq(bnbCharges.id, id), eq(bnbCharges.status, 'pending')));
}

export interface Credit extends Progress {
  price: string;
  rate: string;
  usdt: string;
  rusd: string;
  entryId: number;
}

export async function markCredited(db: Executor, id: number, credit: Credit): Promise<BnbChargeRow> {
  const now = clock.now();
  const rows = await db
    .update(bnbCharges)
    .set({ ...credit, status: 'credited', checkedAt: now, creditedAt: now })
    .where(and(eq(bnbCharges.id, id), eq(bnbCharges.status, 'pending')))
    .returning();
  if (!rows[0]) throw new Error(`BNB charge ${id} is no longer pending`);
  return rows[0];
}

export async function markFailed(db: Executor, id: number, failure: string): Promise<void> {
  await db
    .update(bnbCharges)
    .set({ status: 'failed', failure, checkedAt: clock.now() })
    .where(and(eq(bnbCharges.id, id), eq(bnbCharges.status, 'pending')));
}
