import { and, count, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { airdropAllowlist, airdropCampaigns, airdropClaims, airdropReferrerClaims } from '../../db/schema/index.js';

export type CampaignRow = typeof airdropCampaigns.$inferSelect;

export async function insertCampaign(db: Executor, values: typeof airdropCampaigns.$inferInsert): Promise<CampaignRow> {
  const rows = await db.insert(airdropCampaigns).values(values).returning();
  return rows[0]!;
}

export async function insertAllowlist(db: Executor, campaignId: number, accounts: string[]): Promise<void> {
  // Chunks keep each statement well under PostgreSQL's bound-parameter limit.
  for (let i = 0; i < accounts.length; i += 1000) {
    await db
      .insert(airdropAllowlist)
      .values(accounts.slice(i, i + 1000).map((account) => ({ campaignId, account })))
      .onConflictDoNothing();
  }
}

export type CampaignRulesColumns = Pick<
  typeof airdropCampaigns.$inferInsert,
  'minRechargeAsset' | 'minRechargeAmount' | 'minAccountAgeHours' | 'minHoldingAsset' | 'minHoldingAmount' | 'perReferrerCap' | 'rulesSetBy' | 'rulesSetAt'
>;

export async function updateRules(db: Executor, id: number, values: CampaignRulesColumns & { restricted?: boolean }): Promise<CampaignRow | undefined> {
  const rows = await db.update(airdropCampaigns).set(values).where(eq(airdropCampaigns.id, id)).returning();
  return rows[0];
}

export async function clearAllowlist(db: Executor, campaignId: number): Promise<void> {
  await db.delete(airdropAllowlist).where(eq(airdropAllowlist.campaignId, campaignId));
}

export async function allowlistSize(db: Executor, campaignId: number): Promise<number> {
  const rows = await db.select({ total: count() }).from(airdropAllowlist).where(eq(airdropAllowlist.campaignId, campaignId));
  return rows[0]?.total ?? 0;
}

/**
 * Counts one more claim for this referrer's invitees if that stays within `cap`; false when the cap is
 * reached. One statement: the upsert's row lock orders concurrent invitees of one referrer, and the
 * second waits for the first to commit or roll back before it reads the count (decision 037).
 */
export async function takeReferrerSlot(db: Executor, campaignId: number, referrerAccount: string, cap: number): Promise<boolean> {
  const rows = await db
    .insert(airdropReferrerClaims)
    .values({ campaignId, referrerAccount, claims: 1 })
    .onConflictDoUpdate({
      target: [airdropReferrerClaims.campaignId, airdropReferrerClaims.referrerAccount],
      set: { claims: sql`${airdropReferrerClaims.claims} + 1` },
      setWhere: lt(airdropReferrerClaims.claims, cap),
    })
    .returning({ claims: airdropReferrerClaims.claims });
  return rows.length > 0;
}

/** Claims of these campaigns already counted for this referrer's invitees. */
export async function referrerClaims(db: Executor, campaignIds: number[], referrerAccount: string): Promise<Map<number, number>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ id: airdropReferrerClaims.campaignId, claims: airdropReferrerClaims.claims })
    .from(airdropReferrerClaims)
    .where(and(inArray(airdropReferrerClaims.campaignId, campaignIds), eq(airdropReferrerClaims.referrerAccount, referrerAccount)));
  return new Map(rows.map((r) => [r.id, r.claims]));
}

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const rows = await db.select().from(airdropCampaigns).where(eq(airdropCampaigns.id, id));
  return rows[0];
}

/** Active campaigns whose window contains `now`, newest first. */
export function openCampaigns(db: Executor, now: Date): Promise<CampaignRow[]> {
  return db
    .select()
    .from(airdropCampaigns)
    .where(and(eq(airdropCampaigns.active, true), lte(airdropCampaigns.startsAt, now), gt(airdropCampaigns.endsAt, now)))
    .orderBy(desc(airdropCampaigns.id));
}

/** Of the given restricted campaigns, those that list the account. */
export async function allowedCampaignIds(db: Executor, campaignIds: number[], account: string): Promise<Set<number>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await db
    .select({ id: airdropAllowlist.campaignId })
    .from(airdropAllowlist)
    .where(and(inArray(airdropAllowlist.campaignId, campaignIds), eq(airdropAllowlist.account, account)));
  return new Set(rows.map((r) => r.id));
}

export async function claimedCampaignIds(db: Executor, userId: number, campaignIds: number[]): Promise<Set<number>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await db
    .select({ id: airdropClaims.campaignId })
    .from(airdropClaims)
    .where(and(eq(airdropClaims.userId, userId), inArray(airdropClaims.campaignId, campaignIds)));
  return new Set(rows.map((r) => r.id));
}

/** Inserts the claim unless one exists for (campaign, user); waits for a concurrent insert to settle. */
export async function insertClaim(db: Executor, campaignId: number, userId: number, entryId: number) {
  const rows = await db
    .insert(airdropClaims)
    .values({ campaignId, userId, entryId })
    .onConflictDoNothing({ target: [airdropClaims.campaignId, airdropClaims.userId] })
    .returning();
  return rows[0];
}

/** A user's claims with their campaign's asset and amount, newest first; page and count in parallel. */
export async function listClaims(db: Database, userId: number, limit: number, offset: number) {
  const where = eq(airdropClaims.userId, userId);
  const [list, totals] = await Promise.all([
    db
      .select({
        id: airdropClaims.id,
        campaignId: airdropClaims.campaignId,
        asset: airdropCampaigns.asset,
        amount: airdropCampaigns.amount,
        createdAt: airdropClaims.createdAt,
      })
      .from(airdropClaims)
      .innerJoin(airdropCampaigns, eq(airdropCampaigns.id, airdropClaims.campaignId))
      .where(where)
      .orderBy(desc(airdropClaims.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(airdropClaims).where(where),
  ]);
  return { list, total: totals[0]?.total ?? 0 };
}

export type CampaignState = 'scheduled' | 'open' | 'ended';

/** The condition for campaigns in `state` at `now`; an inactive campaign is over whatever its window. */
function stateCondition(state: CampaignState, now: Date) {
  const c = airdropCampaigns;
  if (state === 'scheduled') return and(eq(c.active, true), gt(c.startsAt, now));
  if (state === 'open') return and(eq(c.active, true), lte(c.startsAt, now), gt(c.endsAt, now));
  return or(eq(c.active, false), lte(c.endsAt, now));
}

/** Campaigns for operators, newest first, one page and the total; `state` null lists all. */
export async function listCampaigns(db: Executor, state: CampaignState | null, now: Date, limit: number, offset: number) {
  const where = state ? stateCondition(state, now) : undefined;
  const [list, totals] = await Promise.all([
    db.select().from(airdropCampaigns).where(where).orderBy(desc(airdropCampaigns.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(airdropCampaigns).where(where),
  ]);
  return { list, total: totals[0]?.total ?? 0 };
}

/** Per campaign of `campaignIds`: its allow-list size and its claims (absent: none). */
export async function campaignCounts(db: Executor, campaignIds: number[]) {
  if (campaignIds.length === 0) return { addresses: new Map<number, number>(), claims: new Map<number, number>() };
  const [addresses, claims] = await Promise.all([
    db
      .select({ id: airdropAllowlist.campaignId, total: count() })
      .from(airdropAllowlist)
      .where(inArray(airdropAllowlist.campaignId, campaignIds))
      .groupBy(airdropAllowlist.campaignId),
    db
      .select({ id: airdropClaims.campaignId, total: count() })
      .from(airdropClaims)
      .where(inArray(airdropClaims.campaignId, campaignIds))
      .groupBy(airdropClaims.campaignId),
  ]);
  return { addresses: new Map(addresses.map((r) => [r.id, r.total])), claims: new Map(claims.map((r) => [r.id, r.total])) };
}
