import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { performanceAssets, qualifyingPurchaseKinds } from '../../db/schema/index.js';

export async function countingKinds(db: Executor): Promise<string[]> {
  const rows = await db.select({ kind: qualifyingPurchaseKinds.kind }).from(qualifyingPurchaseKinds).where(eq(qualifyingPurchaseKinds.counts, true));
  return rows.map((r) => r.kind);
}

export async function assetFactors(db: Executor): Promise<{ asset: string; factor: string }[]> {
  return db.select({ asset: performanceAssets.asset, factor: performanceAssets.factor }).from(performanceAssets);
}
