import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rewardDayTotals, rewardDividendDays, rewardPostings, rewardRules, rewardUserDays } from '../../db/schema/index.js';
import type { RuleRow } from './rule-book.js';

export async function allRules(db: Executor): Promise<RuleRow[]> {
  return db
    .select({
      id: rewardRules.id,
      rule: rewardRules.rule,
      generation: rewardRules.generation,
      level: rewardRules.level,
      value: rewardRules.value,
      effectiveFrom: rewardRules.effectiveFrom,
      createdBy: rewardRules.createdBy,
    })
    .from(rewardRules)
    .orderBy(desc(rewardRules.effectiveFrom), desc(rewardRules.id));
}

export async function insertRule(db: Executor, row: Omit<RuleRow, 'id'>): Promise<RuleRow> {
  const [inserted] = await db.insert(rewardRules).values(row).returning();
  return { ...row, id: inserted!.id, value: inserted!.value };
}

/** Any constant: operators' setting changes pass one at a time, so the cap shares' sum check sees every other change. */
const RULES_LOCK = 7_311_065;

export async function lockRules(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK})`);
}

/** A day's totals: 'turnover' and what each kind paid. */
export async function dayTotals(db: Executor, day: string): Promise<Map<string, string>> {
  const rows = await db.select({ item: rewardDayTotals.item, amount: rewardDayTotals.amount }).from(rewardDayTotals).where(eq(rewardDayTotals.day, day));
  return new Map(rows.map((r) => [r.item, r.amount]));
}

export async function addDayTotals(db: Executor, day: string, items: { item: string; amount: string }[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(rewardDayTotals)
    .values(items.map((i) => ({ day, ...i })))
    .onConflictDoUpdate({ target: [rewardDayTotals.day, rewardDayTotals.item], set: { amount: sql`${rewardDayTotals.amount} + excluded.amount` } });
}

export async function userDayAmounts(db: Executor, day: string, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: rewardUserDays.userId, amount: rewardUserDays.amount })
    .from(rewardUserDays)
    .where(and(eq(rewardUserDays.day, day), inArray(rewardUserDays.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, r.amount]));
}

export async function addUserDays(db: Executor, day: string, amounts: { userId: number; amount: string }[]): Promise<void> {
  if (amounts.length === 0) return;
  await db
    .insert(rewardUserDays)
    .values(amounts.map((a) => ({ day, ...a })))
    .onConflictDoUpdate({ target: [rewardUserDays.userId, rewardUserDays.day], set: { amount: sql`${rewardUserDays.amount} + excluded.amount` } });
}

/** The totals of several days, by day then item (the engine's batch). */
export async function dayTotalsOf(db: Executor, days: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  if (days.length === 0) return out;
  const rows = await db
    .select({ day: rewardDayTotals.day, item: rewardDayTotals.item, amount: rewardDayTotals.amount })
    .from(rewardDayTotals)
    .where(inArray(rewardDayTotals.day, [...days]));
  for (const r of rows) out.set(r.day, (out.get(r.day) ?? new Map()).set(r.item, r.amount));
  return out;
}

/** One row per (day, item) (a statement cannot update the same row twice). */
export async function addDayTotalsOf(db: Executor, items: { day: string; item: string; amount: string }[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(rewardDayTotals)
    .values(items)
    .onConflictDoUpdate({ target: [rewardDayTotals.day, rewardDayTotals.item], set: { amount: sql`${rewardDayTotals.amount} + excluded.amount` } });
}

/** What these users were paid on these days, by "day:userId". */
export async function userDayAmountsOf(db: Executor, days: readonly string[], userIds: readonly number[]): Promise<Map<string, string>> {
  if (days.length === 0 || userIds.length === 0) return new Map();
  const rows = await db
    .select({ day: rewardUserDays.day, userId: rewardUserDays.userId, amount: rewardUserDays.amount })
    .from(rewardUserDays)
    .where(and(inArray(rewardUserDays.day, [...days]), inArray(rewardUserDays.userId, [...userIds])));
  return new Map(rows.map((r) => [`${r.day}:${r.userId}`, r.amount]));
}

/** One row per (day, user); in slices (parameters are limited). */
export async function addUserDaysOf(db: Executor, amounts: { day: string; userId: number; amount: string }[]): Promise<void> {
  for (let i = 0; i < amounts.length; i += 5_000) {
    await db
      .insert(rewardUserDays)
      .values(amounts.slice(i, i + 5_000))
      .onConflictDoUpdate({ target: [rewardUserDays.userId, rewardUserDays.day], set: { amount: sql`${rewardUserDays.amount} + excluded.amount` } });
  }
}

export type NewRewardPosting = typeof rewardPostings.$inferInsert;

/** The unique keys make a second decision for the same (event, beneficiary, kind) fail the batch: the backstop of exactly once. */
export async function insertPostings(db: Executor, rows: NewRewardPosting[]): Promise<void> {
  // In slices: one statement's parameters are limited (65,535), a dividend may have many beneficiaries.
  for (let i = 0; i < rows.length; i += 2_000) await db.insert(rewardPostings).values(rows.slice(i, i + 2_000));
}

/**
 * The engine's batch of decisions in one statement, one parameter (a JSON array of rows): binding tens of thousands
 * of parameters costs more than the insert itself, on PGlite above all. Same unique keys, same backstop.
 */
export async function insertPostingsJson(
  db: Executor,
  rows: (Omit<NewRewardPosting, 'eventId' | 'occurredAt'> & { eventId: bigint; occurredAt: Date })[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      kind: r.kind,
      beneficiary_id: r.beneficiaryId,
      event_id: r.eventId.toString(),
      member_id: r.memberId ?? null,
      purchase_kind: r.purchaseKind ?? null,
      ref_type: r.refType ?? null,
      ref_id: r.refId ?? null,
      base: r.base,
      rate: r.rate,
      level: r.level,
      generation: r.generation ?? null,
      source_id: r.sourceId ?? null,
      computed: r.computed,
      amount: r.amount,
      cap: r.cap ?? null,
      asset: r.asset,
      entry_id: r.entryId ?? null,
      occurred_at: r.occurredAt.toISOString(),
    })),
  );
  await db.execute(sql`
    insert into ${rewardPostings} (kind, beneficiary_id, event_id, member_id, purchase_kind, ref_type, ref_id, base, rate, level,
                                   generation, source_id, computed, amount, cap, asset, entry_id, occurred_at)
    select kind, beneficiary_id, event_id, member_id, purchase_kind, ref_type, ref_id, base, rate, level,
           generation, source_id, computed, amount, cap, asset, entry_id, occurred_at
      from json_populate_recordset(null::reward_postings, ${json}::json) with ordinality r
     order by ordinality`);
}

/** Days with turnover before `beforeDay` whose dividend is not settled yet, oldest first. */
export async function unsettledDays(db: Executor, beforeDay: string): Promise<{ day: string; turnover: string }[]> {
  return db
    .select({ day: rewardDayTotals.day, turnover: rewardDayTotals.amount })
    .from(rewardDayTotals)
    .leftJoin(rewardDividendDays, eq(rewardDividendDays.day, rewardDayTotals.day))
    .where(and(eq(rewardDayTotals.item, 'turnover'), sql`${rewardDayTotals.day} < ${beforeDay}`, sql`${rewardDividendDays.day} is null`))
    .orderBy(asc(rewardDayTotals.day));
}

/** Claims the day's dividend: false when another run already settled it (the primary key waits for its commit). */
export async function claimDividendDay(db: Executor, day: string, turnover: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(rewardDividendDays)
    .values({ day, turnover, pool: '0', paid: '0', beneficiaries: 0, settledAt: at })
    .onConflictDoNothing()
    .returning({ day: rewardDividendDays.day });
  return rows.length === 1;
}

export async function finishDividendDay(db: Executor, day: string, values: { pool: string; paid: string; beneficiaries: number; entryId: number | null }) {
  await db.update(rewardDividendDays).set(values).where(eq(rewardDividendDays.day, day));
}

export type RewardPostingRow = typeof rewardPostings.$inferSelect;

/** The explanations of a user's lines of one kind in these journal entries. */
export async function postingsOfEntries(db: Executor, userId: number, kind: string, entryIds: readonly number[]): Promise<RewardPostingRow[]> {
  if (entryIds.length === 0) return [];
  return db
    .select()
    .from(rewardPostings)
    .where(and(inArray(rewardPostings.entryId, [...entryIds]), eq(rewardPostings.beneficiaryId, userId), eq(rewardPostings.kind, kind)));
}
