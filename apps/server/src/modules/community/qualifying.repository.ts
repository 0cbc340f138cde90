import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { performanceAssets, qualifyingPurchaseKinds } from '../../db/schema/index.js';

export async function countingKinds(db: Executor): Promise<string[]> {
  const rows = await db.select({ kind: qualifyingPurchaseKinds.kind }).from(qualifyingPurchaseKinds).where(eq(qualifyingPurchaseKinds.counts, true));
  return rows.map((r) => r.kind);
}

export async function assetFactors(db: Executor): Promise<{ asset: string; factor: string }[]> {
  return db.select({ asset: performanceAssets.asset, factor: performanceAssets.factor }).from(performanceAssets);
}

// ───── operators' changes (audited by the service) ─────

export async function kindRows(db: Executor): Promise<{ kind: string; counts: boolean }[]> {
  return db
    .select({ kind: qualifyingPurchaseKinds.kind, counts: qualifyingPurchaseKinds.counts })
    .from(qualifyingPurchaseKinds)
    .orderBy(qualifyingPurchaseKinds.kind);
}

/** Sets whether a kind counts; answers the value before (the kinds are seeded, so the row exists). */
export async function setKindCounts(db: Executor, kind: string, counts: boolean, operatorId: number): Promise<boolean> {
  const [before] = await db
    .select({ counts: qualifyingPurchaseKinds.counts })
    .from(qualifyingPurchaseKinds)
    .where(eq(qualifyingPurchaseKinds.kind, kind))
    .for('update');
  await db
    .update(qualifyingPurchaseKinds)
    .set({ counts, updatedBy: operatorId, updatedAt: sql`now()` })
    .where(eq(qualifyingPurchaseKinds.kind, kind));
  return before!.counts;
}

/** Sets (or, with null, removes) an asset's factor; answers the factor before, or null when there was none. */
export async function setFactor(db: Executor, asset: string, factor: string | null, operatorId: number): Promise<string | null> {
  const [before] = await db.select({ factor: performanceAssets.factor }).from(performanceAssets).where(eq(performanceAssets.asset, asset)).for('update');
  if (factor === null) await db.delete(performanceAssets).where(eq(performanceAssets.asset, asset));
  else
    await db
      .insert(performanceAssets)
      .values({ asset, factor, updatedBy: operatorId })
      .onConflictDoUpdate({ target: performanceAssets.asset, set: { factor, updatedBy: operatorId, updatedAt: sql`now()` } });
  return before?.factor ?? null;
}
