import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

/** Claims the key; false when it exists (after waiting for a concurrent claimant to commit or roll back). */
export async function claim(db: Executor, userId: number, key: string, requestHash: string): Promise<boolean> {
  const rows = await db.insert(idempotencyKeys).values({ userId, key, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function find(db: Executor, userId: number, key: string) {
  const rows = await db
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return rows[0];
}

export async function storeResponse(db: Executor, userId: number, key: string, response: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ response: response as object })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export interface KeyRef {
  userId: number;
  key: string;
}

/**
 * Claims several keys in one statement, in the order given (callers sort them, so two transactions claiming
 * overlapping keys wait for each other in the same order, never in a cycle). Returns the keys it claimed.
 */
export async function claimMany(db: Executor, claims: (KeyRef & { requestHash: string })[]): Promise<KeyRef[]> {
  return db.insert(idempotencyKeys).values(claims).onConflictDoNothing().returning({ userId: idempotencyKeys.userId, key: idempotencyKeys.key });
}

/** The keys' rows in one statement whatever their number (one parameter: the keys as JSON). */
export async function findMany(db: Executor, refs: KeyRef[]): Promise<(KeyRef & { requestHash: string; response: unknown })[]> {
  const wanted = JSON.stringify(refs.map((r) => ({ user_id: r.userId, key: r.key })));
  const result = await db.execute(sql`select k.user_id as "userId", k.key, k.request_hash as "requestHash", k.response
    from idempotency_keys k join jsonb_to_recordset(${wanted}::jsonb) as v(user_id integer, key text) on k.user_id = v.user_id and k.key = v.key`);
  return (result as unknown as { rows: (KeyRef & { requestHash: string; response: unknown })[] }).rows;
}

/** Stores several answers in one statement. */
export async function storeResponses(db: Executor, answers: (KeyRef & { response: unknown })[]): Promise<void> {
  const rows = JSON.stringify(answers.map((a) => ({ user_id: a.userId, key: a.key, response: a.response })));
  await db.execute(sql`update idempotency_keys k set response = v.response
    from jsonb_to_recordset(${rows}::jsonb) as v(user_id integer, key text, response jsonb)
    where k.user_id = v.user_id and k.key = v.key`);
}

/** Removes keys this transaction claimed for work that was refused: at commit they never existed. */
export async function release(db: Executor, refs: KeyRef[]): Promise<void> {
  await db.delete(idempotencyKeys).where(or(...refs.map((r) => and(eq(idempotencyKeys.userId, r.userId), eq(idempotencyKeys.key, r.key)))));
}
