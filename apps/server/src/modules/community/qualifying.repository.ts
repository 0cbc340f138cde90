import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { consoleSettings, performanceAssets, qualifyingPurchaseKinds, referralPaths, users } from '../../db/schema/index.js';

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

// ───── the referrer rule (decision 119) ─────

/** The console setting's key; no row means the shipped default (on). */
export const REFERRER_RULE_KEY = 'referrer_required_for_purchases';

export async function referrerRuleSetting(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: consoleSettings.value }).from(consoleSettings).where(eq(consoleSettings.key, REFERRER_RULE_KEY));
  return row?.value !== 'false';
}

/** Sets the rule and answers its value before (under the setting row's lock when it exists). */
export async function setReferrerRuleSetting(db: Executor, required: boolean, operatorId: number): Promise<boolean> {
  const [before] = await db.select({ value: consoleSettings.value }).from(consoleSettings).where(eq(consoleSettings.key, REFERRER_RULE_KEY)).for('update');
  await db
    .insert(consoleSettings)
    .values({ key: REFERRER_RULE_KEY, value: String(required), updatedBy: operatorId })
    .onConflictDoUpdate({ target: consoleSettings.key, set: { value: String(required), updatedBy: operatorId, updatedAt: sql`now()` } });
  return before?.value !== 'false';
}

/**
 * The referrer rule's verdict on a buyer as a boolean SQL expression over a user-id expression (true: the purchase
 * is refused with REFERRER_REQUIRED): `requireReferrerFor`'s test, for a statement that checks many buyers at once
 * (the starter burst's grouped pre-checks, decision 127). A user id that matches no user reads as not refused.
 */
export function referrerRefusedOf(userId: SQL, kind: string): SQL<boolean> {
  return sql<boolean>`(coalesce((select ${consoleSettings.value} from ${consoleSettings} where ${consoleSettings.key} = ${REFERRER_RULE_KEY}), 'true') <> 'false'
    and coalesce((select ${qualifyingPurchaseKinds.counts} from ${qualifyingPurchaseKinds} where ${qualifyingPurchaseKinds.kind} = ${kind}), false)
    and exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.referrerId} is null)
    and not exists (select 1 from ${referralPaths} where ${referralPaths.ancestorId} = ${userId} and ${referralPaths.depth} = 1))`;
}

/**
 * In one statement, what the rule needs to know about one purchase: whether the rule is on, whether the kind pays
 * referral rewards (it counts), whether the buyer has a referrer, and whether they head a team (someone bound to them).
 */
export async function referrerRuleFacts(
  db: Executor,
  userId: number,
  kind: string,
): Promise<{ ruleOn: boolean; kindCounts: boolean; bound: boolean; heads: boolean } | undefined> {
  const [row] = await db
    .select({
      ruleOn: sql<boolean>`coalesce((select ${consoleSettings.value} from ${consoleSettings} where ${consoleSettings.key} = ${REFERRER_RULE_KEY}), 'true') <> 'false'`,
      kindCounts: sql<boolean>`coalesce((select ${qualifyingPurchaseKinds.counts} from ${qualifyingPurchaseKinds} where ${qualifyingPurchaseKinds.kind} = ${kind}), false)`,
      bound: sql<boolean>`${users.referrerId} is not null`,
      heads: sql<boolean>`exists (select 1 from ${referralPaths} where ${referralPaths.ancestorId} = ${users.id} and ${referralPaths.depth} = 1)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
