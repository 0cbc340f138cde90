import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { recordEventsCall } from '../events/events.sql.js';
import { creditBatchCall } from '../ledger/ledger.sql.js';
import { pledgePositions, pledgeProducts, pledgeSettlements } from '../../db/schema/index.js';

export type ProductRow = typeof pledgeProducts.$inferSelect;
export type NewProduct = typeof pledgeProducts.$inferInsert;
export type PositionRow = typeof pledgePositions.$inferSelect;
export type SettlementRow = typeof pledgeSettlements.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

export async function insertProduct(db: Executor, values: NewProduct): Promise<ProductRow> {
  const rows = await db.insert(pledgeProducts).values(values).returning();
  return rows[0]!;
}

export async function updateProduct(db: Executor, id: number, values: Partial<NewProduct>): Promise<ProductRow | undefined> {
  const rows = await db.update(pledgeProducts).set(values).where(eq(pledgeProducts.id, id)).returning();
  return rows[0];
}

export async function findProduct(db: Executor, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db.select().from(pledgeProducts).where(eq(pledgeProducts.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export function listProducts(db: Executor, statuses: string[]): Promise<ProductRow[]> {
  return db.select().from(pledgeProducts).where(inArray(pledgeProducts.status, statuses)).orderBy(desc(pledgeProducts.id));
}

/** What the user has locked per product (lock quantities, before fees). */
export async function holdingsOf(db: Executor, userId: number, productId?: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ productId: pledgePositions.productId, amount: sql<string>`sum(${pledgePositions.amount})::numeric(38, 8)::text` })
    .from(pledgePositions)
    .where(productId === undefined ? eq(pledgePositions.userId, userId) : and(eq(pledgePositions.userId, userId), eq(pledgePositions.productId, productId)))
    .groupBy(pledgePositions.productId);
  return new Map(rows.map((r) => [r.productId, r.amount]));
}

export async function addLocked(db: Executor, productId: number, amount: string): Promise<boolean> {
  const rows = await db
    .update(pledgeProducts)
    .set({ lockedTotal: sql`${pledgeProducts.lockedTotal} + ${amount}::numeric` })
    .where(and(eq(pledgeProducts.id, productId), sql`${pledgeProducts.lockedTotal} + ${amount}::numeric <= ${pledgeProducts.totalCap}`))
    .returning({ id: pledgeProducts.id });
  return rows.length > 0;
}

export async function insertPosition(db: Executor, values: typeof pledgePositions.$inferInsert): Promise<PositionRow> {
  const rows = await db.insert(pledgePositions).values(values).returning();
  return rows[0]!;
}

/** The assets every product pays from: the system accounts the settlement credits from. */
export function productAssets(db: Executor): Promise<{ asset: string; interestAsset: string }[]> {
  return db.selectDistinct({ asset: pledgeProducts.asset, interestAsset: pledgeProducts.interestAsset }).from(pledgeProducts);
}

export interface SettledBatch {
  entry_id: number | null;
  lines: number;
  first_id: number | null;
  last_id: number | null;
  released_users: number[];
}

/**
 * The pledge settlement, one statement per batch (decision 056). Each due position (earliest due first) is
 * paid its next period: interest day k (the daily interest fixed at lock, from `pledge_interest`) while
 * k ≤ cycle_days, then release instalment j of release_days (floor(principal × j ÷ n) − floor(principal ×
 * (j − 1) ÷ n) in units of 10^-8, so the instalments add up to the principal; all at once for 0 days, from
 * `pledge_locked`). The positions are taken under their row locks, a period already recorded is skipped, and
 * the settlement rows' unique (position, kind, period) key backs that up: a period is paid once. The new
 * periods are credited in one journal entry through the ledger's `reef_ledger_credit_batch`, each line dated
 * at its period and explained in its memo (product, day, rate), and the rows carry that entry. A period is paid in a later
 * statement than the one before it, so a catch-up pays every missed period in order.
 */
export async function settlePositions(db: Executor, now: Date, batch: number): Promise<SettledBatch> {
  const result = await db.execute(sql`
    with due as (
      select * from pledge_positions
       where status = 'holding' and next_due_at <= ${at(now)}
       order by next_due_at, id
       limit ${batch}
       for update skip locked
    ), pay as (
      select d.id as position_id, d.user_id, d.product_id, d.next_due_at as due_at, d.annual_rate, d.release_days,
             case when d.interest_paid < d.cycle_days then 'interest' else 'release' end as kind,
             case when d.interest_paid < d.cycle_days then d.interest_paid + 1 else d.release_paid + 1 end as period,
             case when d.interest_paid < d.cycle_days then d.interest_asset else d.asset end as asset,
             case when d.interest_paid < d.cycle_days then d.daily_interest
                  when d.release_days = 0 then d.principal
                  else (floor(d.principal * 100000000 * (d.release_paid + 1) / d.release_days)
                        - floor(d.principal * 100000000 * d.release_paid / d.release_days)) / 100000000
             end::numeric(38, 8) as amount
        from due d
    ), fresh as (
      -- The positions are locked above, so no other run pays them meanwhile; the unique key stays the backstop
      -- (a conflict fails the whole batch, ledger entry included, and the next run skips the period).
      select pay.* from pay
       where not exists (select 1 from pledge_settlements s where s.position_id = pay.position_id and s.kind = pay.kind and s.period = pay.period)
    ), posted as (
      select ${creditBatchCall('pledge_settlement', '', at(now), {
        userIds: sql`array_agg(f.user_id order by f.due_at, f.position_id)`,
        assets: sql`array_agg(f.asset order by f.due_at, f.position_id)`,
        amounts: sql`array_agg(f.amount order by f.due_at, f.position_id)`,
        // pledge_interest or pledge_release: both in the contract's POSTING_KINDS (the kinds CHECK refuses others).
        lineKinds: sql`array_agg('pledge_' || f.kind order by f.due_at, f.position_id)`,
        memos: sql`array_agg(case when f.kind = 'interest'
                              then 'pledge ' || f.product_id || ' day ' || f.period || ' rate ' || f.annual_rate::text
                              else 'pledge ' || f.product_id || ' release ' || f.period || '/' || greatest(f.release_days, 1) end
                         order by f.due_at, f.position_id)`,
        times: sql`array_agg(f.due_at order by f.due_at, f.position_id)`,
        systems: sql`array_agg(case when f.kind = 'interest' then 'pledge_interest' else 'pledge_locked' end order by f.due_at, f.position_id)`,
      })} as entry_id
        from fresh f
       where f.amount > 0
    ), ins as (
      insert into pledge_settlements (position_id, user_id, product_id, kind, period, asset, amount, due_at, entry_id)
      select position_id, user_id, product_id, kind, period, asset, amount, due_at,
             case when amount > 0 then (select entry_id from posted) end
        from fresh order by due_at, position_id
      returning id, user_id
    ), moved as (
      update pledge_positions p
         set interest_paid = case when f.kind = 'interest' then f.period else p.interest_paid end,
             release_paid = case when f.kind = 'release' then f.period else p.release_paid end,
             next_due_at = case
               when f.kind = 'interest' and f.period < p.cycle_days then p.dividend_at + make_interval(secs => (f.period + 1) * 86400)
               when f.kind = 'interest' then p.unlock_at + make_interval(secs => least(p.release_days, 1) * 86400)
               when f.period < greatest(p.release_days, 1) then p.unlock_at + make_interval(secs => (f.period + 1) * 86400)
               else null end,
             status = case when f.kind = 'release' and f.period >= greatest(p.release_days, 1) then 'released' else p.status end
        from fresh f
       where p.id = f.position_id
      returning p.id, p.user_id, p.status
    )
    select (select entry_id from posted) as entry_id,
           (select count(*) from ins)::integer as lines,
           (select min(id) from ins) as first_id,
           (select max(id) from ins) as last_id,
           coalesce((select array_agg(distinct user_id) from moved where status = 'released'), '{}') as released_users`);
  // Ids are int8: a string from pg, a bigint or number from PGlite.
  const row = rowsOf<{ entry_id: unknown; lines: number; first_id: unknown; last_id: unknown; released_users: unknown[] | null }>(result)[0]!;
  const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    entry_id: id(row.entry_id),
    lines: Number(row.lines),
    first_id: id(row.first_id),
    last_id: id(row.last_id),
    released_users: (row.released_users ?? []).map(Number),
  };
}

/** One `pledge.released` event per release instalment of the batch, through the events' `reef_record_events`. */
export async function recordReleaseEvents(db: Executor, firstId: number, lastId: number, now: Date): Promise<void> {
  const userIds = sql`array_agg(s.user_id order by s.id)`;
  const payloads = sql`array_agg(jsonb_build_object('entry_id', s.entry_id, 'position_id', s.position_id, 'product_id', s.product_id, 'asset', s.asset,
                                          'amount', s.amount::text, 'period', s.period, 'periods', greatest(p.release_days, 1)) order by s.id)`;
  await db.execute(sql`
    select ${recordEventsCall('pledge.released', userIds, payloads, at(now))}
      from pledge_settlements s join pledge_positions p on p.id = s.position_id
     where s.id between ${firstId} and ${lastId} and s.kind = 'release' and s.entry_id is not null`);
}

export function batchTotals(db: Executor, firstId: number, lastId: number) {
  return db
    .select({
      kind: pledgeSettlements.kind,
      asset: pledgeSettlements.asset,
      amount: sql<string>`sum(${pledgeSettlements.amount})::numeric(38, 8)::text`,
      lines: sql<number>`count(*)::integer`,
    })
    .from(pledgeSettlements)
    .where(sql`${pledgeSettlements.id} between ${firstId} and ${lastId}`)
    .groupBy(pledgeSettlements.kind, pledgeSettlements.asset)
    .orderBy(pledgeSettlements.kind, pledgeSettlements.asset);
}

/** Of these users, those who hold no position any more. */
export async function usersWithoutHoldings(db: Executor, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const holding = await db
    .selectDistinct({ userId: pledgePositions.userId })
    .from(pledgePositions)
    .where(and(inArray(pledgePositions.userId, userIds), eq(pledgePositions.status, 'holding')));
  const still = new Set(holding.map((r) => r.userId));
  return userIds.filter((id) => !still.has(id));
}

export type PositionWithName = PositionRow & { name: string };

export async function positionsOf(db: Executor, userId: number, limit: number, offset: number) {
  const [rows, totals] = await Promise.all([
    db
      .select({ position: pledgePositions, name: pledgeProducts.name })
      .from(pledgePositions)
      .innerJoin(pledgeProducts, eq(pledgeProducts.id, pledgePositions.productId))
      .where(eq(pledgePositions.userId, userId))
      .orderBy(desc(pledgePositions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(pledgePositions).where(eq(pledgePositions.userId, userId)),
  ]);
  return { list: rows.map((r): PositionWithName => ({ ...r.position, name: r.name })), total: totals[0]?.total ?? 0 };
}

export async function findPosition(db: Executor, id: number): Promise<PositionWithName | undefined> {
  const rows = await db
    .select({ position: pledgePositions, name: pledgeProducts.name })
    .from(pledgePositions)
    .innerJoin(pledgeProducts, eq(pledgeProducts.id, pledgePositions.productId))
    .where(eq(pledgePositions.id, id));
  return rows[0] ? { ...rows[0].position, name: rows[0].name } : undefined;
}

export function settlementsOf(db: Executor, positionId: number): Promise<SettlementRow[]> {
  return db.select().from(pledgeSettlements).where(eq(pledgeSettlements.positionId, positionId)).orderBy(asc(pledgeSettlements.id));
}

/** Interest still to pay per interest asset, principal still to release per asset, positions still held. */
export async function outstanding(db: Executor) {
  const interest = await db
    .select({
      asset: pledgePositions.interestAsset,
      amount: sql<string>`sum(${pledgePositions.dailyInterest} * (${pledgePositions.cycleDays} - ${pledgePositions.interestPaid}))::numeric(38, 8)::text`,
    })
    .from(pledgePositions)
    .where(eq(pledgePositions.status, 'holding'))
    .groupBy(pledgePositions.interestAsset)
    .orderBy(pledgePositions.interestAsset);
  const principal = await db
    .select({
      asset: pledgePositions.asset,
      amount: sql<string>`sum(${pledgePositions.principal} - floor(${pledgePositions.principal} * 100000000 * ${pledgePositions.releasePaid} / greatest(${pledgePositions.releaseDays}, 1)) / 100000000)::numeric(38, 8)::text`,
      positions: sql<number>`count(*)::integer`,
    })
    .from(pledgePositions)
    .where(eq(pledgePositions.status, 'holding'))
    .groupBy(pledgePositions.asset)
    .orderBy(pledgePositions.asset);
  return { interest, principal };
}
