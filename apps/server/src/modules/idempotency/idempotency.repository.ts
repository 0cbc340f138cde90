import { and, eq } from 'drizzle-orm';
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
