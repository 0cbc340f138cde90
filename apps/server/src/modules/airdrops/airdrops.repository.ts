import { and, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { airdropAllowlist, airdropCampaigns, airdropClaims } from '../../db/schema/index.js';

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
