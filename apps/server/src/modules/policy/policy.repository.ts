/**
 * What the policy reads to decide (decision 092): who owns the row an admin write decides on, and the approvals queue
 * and value log it keeps. Reads of other modules' tables are of owner and amount columns only, never writes.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  adjustmentRequests,
  airdropAllowlist,
  airdropCampaigns,
  approvalRequests,
  cardOrders,
  consoleSettings,
  deposits,
  policyValueLog,
  users,
  withdrawals,
} from '../../db/schema/index.js';

export interface Owned {
  userId: number;
  amount: string | null;
}

export async function depositOwner(db: Executor, id: number): Promise<Owned | undefined> {
  const [row] = await db.select({ userId: deposits.userId, amount: deposits.amount }).from(deposits).where(eq(deposits.id, id));
  return row;
}

export async function withdrawalOwner(db: Executor, id: number): Promise<Owned | undefined> {
  const [row] = await db.select({ userId: withdrawals.userId, amount: withdrawals.amount }).from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function cardOrderOwner(db: Executor, id: number): Promise<Owned | undefined> {
  const [row] = await db
    .select({ userId: cardOrders.buyerId, amount: sql<string>`(${cardOrders.reservedRusd} + ${cardOrders.reservedFuel} + ${cardOrders.reservedTrade})::text` })
    .from(cardOrders)
    .where(eq(cardOrders.id, id));
  return row;
}

export async function adjustmentBeneficiary(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: adjustmentRequests.userId }).from(adjustmentRequests).where(eq(adjustmentRequests.id, id));
  return row?.userId;
}

export async function campaign(db: Executor, id: number): Promise<{ amount: string; accounts: string[] } | undefined> {
  const [row] = await db.select({ amount: airdropCampaigns.amount }).from(airdropCampaigns).where(eq(airdropCampaigns.id, id));
  if (!row) return undefined;
  const list = await db.select({ account: airdropAllowlist.account }).from(airdropAllowlist).where(eq(airdropAllowlist.campaignId, id));
  return { amount: row.amount, accounts: list.map((r) => r.account) };
}

export async function userIdsOf(db: Executor, accounts: readonly string[]): Promise<number[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.account,
        accounts.map((a) => a.toLowerCase()),
      ),
    );
  return rows.map((r) => r.id);
}

export async function accountsOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.account]));
}

export type ApprovalRow = typeof approvalRequests.$inferSelect;

export async function insertApproval(
  db: Executor,
  row: { action: string; params: unknown; body: unknown; value: string | null; beneficiaries: number[]; requestedBy: number },
): Promise<ApprovalRow> {
  const [inserted] = await db.insert(approvalRequests).values(row).returning();
  return inserted!;
}

export async function findApproval(db: Executor, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row;
}

/** Moves a request from one status to the next only if it is still in the first: the guard against deciding twice. */
export async function moveApproval(
  db: Executor,
  id: number,
  from: string,
  patch: { status: string; decidedBy?: number | null; decidedAt?: Date | null; result?: unknown },
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(approvalRequests)
    .set(patch)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, from)))
    .returning();
  return row;
}

export function listApprovals(db: Executor, status: string | undefined) {
  const query = db.select().from(approvalRequests);
  return (status ? query.where(eq(approvalRequests.status, status)) : query).orderBy(desc(approvalRequests.id)).limit(200);
}

export async function logValue(db: Executor, row: { actorId: number; action: string; value: string }): Promise<void> {
  await db.insert(policyValueLog).values(row);
}

export async function valueSince(db: Executor, actorId: number, since: Date): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${policyValueLog.value}), 0)::text` })
    .from(policyValueLog)
    .where(and(eq(policyValueLog.actorId, actorId), gte(policyValueLog.createdAt, since)));
  return row!.total;
}

export async function readSetting(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select({ value: consoleSettings.value }).from(consoleSettings).where(eq(consoleSettings.key, key));
  return row?.value ?? null;
}

export async function writeSetting(db: Executor, key: string, value: string | null, by: number): Promise<void> {
  await db
    .insert(consoleSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: consoleSettings.key, set: { value, updatedBy: by, updatedAt: sql`now()` } });
}

/** Who asked for a lake an administrator approved: the requester is its creator as much as the approver. */
export async function lakeRequester(db: Executor, lakeId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ requestedBy: approvalRequests.requestedBy })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.action, 'POST /api/admin/lakes'),
        eq(approvalRequests.status, 'approved'),
        sql`(${approvalRequests.result}->>'id')::int = ${lakeId}`,
      ),
    );
  return row?.requestedBy;
}
