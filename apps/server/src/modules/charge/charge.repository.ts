import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bnbCharges } from '../../db/schema/index.js';

export type BnbChargeRow = typeof bnbCharges.$inferSelect;

export async function findBnbChargeByHash(db: Executor, txHash: string): Promise<BnbChargeRow | undefined> {
  const rows = await db.select().from(bnbCharges).where(eq(bnbCharges.txHash, txHash));
  return rows[0];
}

/** Inserts the charge, or nothing when the hash is taken (a concurrent insert is waited for). */
export async function insertBnbCharge(db: Executor, values: typeof bnbCharges.$inferInsert): Promise<BnbChargeRow | undefined> {
  const rows = await db.insert(bnbCharges).values(values).onConflictDoNothing({ target: bnbCharges.txHash }).returning();
  return rows[0];
}
