import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { miningBubbles, miningHoldings, miningMiners, miningProducts } from '../../db/schema/index.js';

export type ProductRow = typeof miningProducts.$inferSelect;
export type MinerRow = typeof miningMiners.$inferSelect;
export type BubbleRow = typeof miningBubbles.$inferSelect;
export type NewProduct = typeof miningProducts.$inferInsert;
export type ProductColumns = Partial<NewProduct>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

export async function insertProduct(db: Executor, values: typeof miningProducts.$inferInsert): Promise<ProductRow> {
  const rows = await db.insert(miningProducts).values(values).returning();
  return rows[0]!;
}

export async function updateProduct(db: Executor, id: number, values: Partial<typeof miningProducts.$inferInsert>): Promise<ProductRow | undefined> {
  const rows = await db.update(miningProducts).set(values).where(eq(miningProducts.id, id)).returning();
  return rows[0];
}

export async function findProduct(db: Executor, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db.select().from(miningProducts).where(eq(miningProducts.id, id));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export function listProducts(db: Executor, statuses: string[]): Promise<ProductRow[]> {
  return db.select().from(miningProducts).where(inArray(miningProducts.status, statuses)).orderBy(asc(miningProducts.id));
}

export async function boughtBy(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: miningHoldings.productId, bought: miningHoldings.bought })
    .from(miningHoldings)
    .where(eq(miningHoldings.userId, userId));
  return new Map(rows.map((r) => [r.productId, r.bought]));
}

/**
 * Counts `quantity` more units of the product for the user if that stays within `limit` (null: none); false
 * otherwise. The upsert's row lock makes a user's concurrent purchases of one product wait for each other.
 */
export async function takeUnits(db: Executor, productId: number, userId: number, quantity: number, limit: number | null): Promise<boolean> {
  if (limit !== null && quantity > limit) return false;
  const rows = await db
    .insert(miningHoldings)
    .values({ productId, userId, bought: quantity })
    .onConflictDoUpdate({
      target: [miningHoldings.productId, miningHoldings.userId],
      set: { bought: sql`${miningHoldings.bought} + ${quantity}` },
      ...(limit === null ? {} : { setWhere: lte(sql`${miningHoldings.bought} + ${quantity}`, limit) }),
    })
    .returning({ bought: miningHoldings.bought });
  return rows.length > 0;
}

/** Whether the user has a miner of this product that is still running (not ended, or its last bubble not ripe yet). */
export async function hasRunningMiner(db: Executor, userId: number, productId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: miningMiners.id })
    .from(miningMiners)
    .where(
      and(
        eq(miningMiners.userId, userId),
        eq(miningMiners.productId, productId),
        sql`(${miningMiners.status} <> 'ended' or ${miningMiners.endsAt} > ${at(now)})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertMiner(db: Executor, values: typeof miningMiners.$inferInsert): Promise<MinerRow> {
  const rows = await db.insert(miningMiners).values(values).returning();
  return rows[0]!;
}

export interface SettleOptions {
  /** Miners per statement. */
  batch: number;
  /** Only this miner (a purchase's first day, a pause). */
  minerId?: number;
}

/**
 * The mining settlement, one statement per batch of miners (decision 056): for each due miner, every day
 * that has started by `now` and not been produced yet becomes a bubble, in day order: day k starts at
 * started_at + (k − 1) days, ripens a day later and holds min(daily, total − daily × (k − 1)). The unique
 * (miner, period) key makes a second run, a concurrent run or a rerun after a crash produce nothing new;
 * the miner's progress moves with the bubbles actually inserted. Returns the miners and bubbles touched.
 */
export async function settleMiners(db: Executor, now: Date, options: SettleOptions): Promise<{ miners: number; bubbles: number }> {
  const only = options.minerId === undefined ? sql`` : sql`and id = ${options.minerId}`;
  const result = await db.execute(sql`
    with due as (
      select m.id, m.user_id, m.output_asset, m.daily_output, m.total_output, m.started_at, m.bubble_expiry_days, g.period
        from (select * from mining_miners
               where status = 'mining' and next_period_at <= ${at(now)} ${only}
               order by next_period_at, id
               limit ${options.batch}
               for update skip locked) m
       cross join lateral generate_series(
              m.periods_created + 1,
              least(m.period_days, floor(extract(epoch from (${at(now)} - m.started_at)) / 86400)::integer + 1)) as g(period)
       where m.daily_output * (g.period - 1) < m.total_output
    ), ins as (
      insert into mining_bubbles (miner_id, user_id, period, amount, asset, ripe_at, expires_at)
      select id, user_id, period, least(daily_output, total_output - daily_output * (period - 1)), output_asset,
             started_at + make_interval(secs => period * 86400),
             started_at + make_interval(secs => (period + bubble_expiry_days) * 86400)
        from due
       order by id, period
      on conflict (miner_id, period) do nothing
      returning miner_id, period, amount, ripe_at
    ), grown as (
      select miner_id, max(period) as last, sum(amount) as added, max(ripe_at) as last_ripe from ins group by miner_id
    ), moved as (
      update mining_miners m
         set periods_created = g.last,
             produced = m.produced + g.added,
             status = case when g.last >= m.period_days or m.produced + g.added >= m.total_output then 'ended' else m.status end,
             ends_at = case when g.last >= m.period_days or m.produced + g.added >= m.total_output then g.last_ripe else m.ends_at end,
             next_period_at = case when g.last >= m.period_days or m.produced + g.added >= m.total_output then null
                                   else m.started_at + make_interval(secs => g.last * 86400) end
        from grown g
       where m.id = g.miner_id
      returning m.id
    )
    select (select count(*) from moved)::integer as miners, (select count(*) from ins)::integer as bubbles`);
  return rowsOf<{ miners: number; bubbles: number }>(result)[0]!;
}

/** The miner view's figures, each from the miner's bubbles (one index range per miner). */
const minerFigures = (now: Date, dayStart: Date) => ({
  produced: sql<string>`coalesce((select sum(b.amount) from mining_bubbles b where b.miner_id = ${miningMiners.id} and b.ripe_at <= ${at(now)}), 0)::numeric(38, 8)::text`,
  income: sql<string>`coalesce((select sum(b.amount) from mining_bubbles b where b.miner_id = ${miningMiners.id} and b.collected_at is not null), 0)::numeric(38, 8)::text`,
  todayIncome: sql<string>`coalesce((select sum(b.amount) from mining_bubbles b where b.miner_id = ${miningMiners.id} and b.collected_at >= ${at(dayStart)}), 0)::numeric(38, 8)::text`,
  waiting: sql<number>`(select count(*) from mining_bubbles b where b.miner_id = ${miningMiners.id} and b.collected_at is null and b.expires_at > ${at(now)})::integer`,
});

export type MinerWithFigures = MinerRow & { name: string; image: string; produced: string; income: string; todayIncome: string; waiting: number };

function minerQuery(db: Executor, now: Date, dayStart: Date) {
  const { produced, income, todayIncome, waiting } = minerFigures(now, dayStart);
  return db
    .select({ miner: miningMiners, name: miningProducts.name, image: miningProducts.image, produced, income, todayIncome, waiting })
    .from(miningMiners)
    .innerJoin(miningProducts, eq(miningProducts.id, miningMiners.productId));
}

interface MinerQueryRow {
  miner: MinerRow;
  name: string;
  image: string;
  produced: string;
  income: string;
  todayIncome: string;
  waiting: number;
}
const flatten = (r: MinerQueryRow): MinerWithFigures => ({
  ...r.miner,
  name: r.name,
  image: r.image,
  produced: r.produced,
  income: r.income,
  todayIncome: r.todayIncome,
  waiting: r.waiting,
});

export async function minersOf(db: Executor, userId: number, now: Date, dayStart: Date, limit: number, offset: number) {
  const [rows, totals] = await Promise.all([
    minerQuery(db, now, dayStart).where(eq(miningMiners.userId, userId)).orderBy(desc(miningMiners.id)).limit(limit).offset(offset),
    db
      .select({
        total: count(),
        running: sql<number>`count(*) filter (where ${miningMiners.status} <> 'ended' or ${miningMiners.endsAt} > ${at(now)})::integer`,
      })
      .from(miningMiners)
      .where(eq(miningMiners.userId, userId)),
  ]);
  return { list: rows.map(flatten), total: totals[0]?.total ?? 0, running: totals[0]?.running ?? 0 };
}

export async function findMiner(db: Executor, id: number, now: Date, dayStart: Date): Promise<MinerWithFigures | undefined> {
  const rows = await minerQuery(db, now, dayStart).where(eq(miningMiners.id, id));
  return rows[0] ? flatten(rows[0]) : undefined;
}

export async function lockMiner(db: Executor, id: number): Promise<MinerRow | undefined> {
  const rows = await db.select().from(miningMiners).where(eq(miningMiners.id, id)).for('update');
  return rows[0];
}

export async function pauseMiner(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(miningMiners)
    .set({ status: 'paused', pausedAt: now })
    .where(and(eq(miningMiners.id, id), eq(miningMiners.status, 'mining')));
}

/** Resumes a paused miner: its days start later by the time the pause lasted, so no output is lost. */
export async function resumeMiner(db: Executor, id: number, now: Date): Promise<void> {
  const shift = sql`(${at(now)} - ${miningMiners.pausedAt})`;
  await db
    .update(miningMiners)
    .set({
      status: 'mining',
      pausedAt: null,
      startedAt: sql`${miningMiners.startedAt} + ${shift}`,
      nextPeriodAt: sql`${miningMiners.nextPeriodAt} + ${shift}`,
    })
    .where(and(eq(miningMiners.id, id), eq(miningMiners.status, 'paused')));
}

/** Per output asset, what the user has collected in all and since `dayStart`. */
export function incomeTotals(db: Executor, userId: number, dayStart: Date) {
  return db
    .select({
      asset: miningBubbles.asset,
      total: sql<string>`sum(${miningBubbles.amount})::numeric(38, 8)::text`,
      today: sql<string>`coalesce(sum(${miningBubbles.amount}) filter (where ${miningBubbles.collectedAt} >= ${at(dayStart)}), 0)::numeric(38, 8)::text`,
    })
    .from(miningBubbles)
    .where(and(eq(miningBubbles.userId, userId), sql`${miningBubbles.collectedAt} is not null`))
    .groupBy(miningBubbles.asset)
    .orderBy(miningBubbles.asset);
}

export function bubblesOfMiner(db: Executor, minerId: number): Promise<BubbleRow[]> {
  return db.select().from(miningBubbles).where(eq(miningBubbles.minerId, minerId)).orderBy(desc(miningBubbles.period));
}

/** The user's bubbles not collected and not expired (growing and ripe), oldest first. */
export function openBubbles(db: Executor, userId: number, now: Date): Promise<BubbleRow[]> {
  return db
    .select()
    .from(miningBubbles)
    .where(and(eq(miningBubbles.userId, userId), isNull(miningBubbles.collectedAt), gt(miningBubbles.expiresAt, now)))
    .orderBy(asc(miningBubbles.ripeAt), asc(miningBubbles.id))
    .limit(200);
}

export async function lockBubble(db: Executor, id: number): Promise<BubbleRow | undefined> {
  const rows = await db.select().from(miningBubbles).where(eq(miningBubbles.id, id)).for('update');
  return rows[0];
}

export async function markCollected(db: Executor, id: number, entryId: number, now: Date): Promise<BubbleRow | undefined> {
  const rows = await db
    .update(miningBubbles)
    .set({ collectedAt: now, entryId })
    .where(and(eq(miningBubbles.id, id), isNull(miningBubbles.collectedAt)))
    .returning();
  return rows[0];
}

/** Per output asset: output still to come from miners not ended, and ripe bubbles waiting to be collected. */
export async function outstanding(db: Executor, now: Date) {
  const future = await db
    .select({
      asset: miningMiners.outputAsset,
      amount: sql<string>`sum(${miningMiners.totalOutput} - ${miningMiners.produced})::numeric(38, 8)::text`,
      miners: sql<number>`count(*)::integer`,
    })
    .from(miningMiners)
    .where(sql`${miningMiners.status} <> 'ended'`)
    .groupBy(miningMiners.outputAsset);
  const waiting = await db
    .select({ asset: miningBubbles.asset, amount: sql<string>`sum(${miningBubbles.amount})::numeric(38, 8)::text` })
    .from(miningBubbles)
    .where(and(isNull(miningBubbles.collectedAt), gt(miningBubbles.expiresAt, now)))
    .groupBy(miningBubbles.asset);
  return { future, waiting };
}
