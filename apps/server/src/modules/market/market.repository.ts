import { and, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { lakes, pricePoints, swaps } from '../../db/schema/index.js';
import * as clock from '../../core/clock.js';

export type LakeRow = typeof lakes.$inferSelect;

export async function insertLake(db: Executor, values: typeof lakes.$inferInsert): Promise<LakeRow | undefined> {
  const rows = await db.insert(lakes).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function listLakes(db: Executor): Promise<LakeRow[]> {
  return db.select().from(lakes).orderBy(lakes.id);
}

export async function findLake(db: Executor, id: number): Promise<LakeRow | undefined> {
  const rows = await db.select().from(lakes).where(eq(lakes.id, id));
  return rows[0];
}

export async function findMainLake(db: Executor): Promise<LakeRow | undefined> {
  const rows = await db.select().from(lakes).where(eq(lakes.main, true));
  return rows[0];
}

/** The lake trading a and b in either direction; `lock` holds its row until the transaction ends. */
export async function findLakeByPair(db: Executor, a: string, b: string, lock = false): Promise<LakeRow | undefined> {
  const query = db
    .select()
    .from(lakes)
    .where(or(and(eq(lakes.baseAsset, a), eq(lakes.quoteAsset, b)), and(eq(lakes.baseAsset, b), eq(lakes.quoteAsset, a))));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function updateLake(db: Executor, id: number, patch: Partial<Pick<LakeRow, 'open' | 'feeRate' | 'burnShare'>>) {
  const rows = await db.update(lakes).set(patch).where(eq(lakes.id, id)).returning();
  return rows[0];
}

export async function insertSwap(db: Executor, values: typeof swaps.$inferInsert): Promise<void> {
  await db.insert(swaps).values({ createdAt: clock.now(), ...values });
}

export async function recentSwaps(db: Executor, lakeId: number, limit: number) {
  return db.select().from(swaps).where(eq(swaps.lakeId, lakeId)).orderBy(desc(swaps.id)).limit(limit);
}

/** Quote volume per lake since `since`, one grouped scan. */
export async function volumesSince(db: Executor, lakeIds: number[], since: Date): Promise<Map<number, string>> {
  if (lakeIds.length === 0) return new Map();
  const rows = await db
    .select({ lakeId: swaps.lakeId, volume: sql<string>`sum(${swaps.volumeQuote})::text` })
    .from(swaps)
    .where(and(inArray(swaps.lakeId, lakeIds), gte(swaps.createdAt, since)))
    .groupBy(swaps.lakeId);
  return new Map(rows.map((r) => [r.lakeId, r.volume]));
}

/** Per lake, the last price at or before `at` (the reference for a 24 h change), one query. */
export async function pricesAt(db: Executor, lakeIds: number[], at: Date): Promise<Map<number, string>> {
  if (lakeIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([pricePoints.lakeId], { lakeId: pricePoints.lakeId, price: pricePoints.price })
    .from(pricePoints)
    .where(and(inArray(pricePoints.lakeId, lakeIds), lte(pricePoints.createdAt, at)))
    .orderBy(pricePoints.lakeId, desc(pricePoints.createdAt), desc(pricePoints.id));
  return new Map(rows.map((r) => [r.lakeId, r.price]));
}

export async function insertPricePoint(db: Executor, lakeId: number, price: string, kind: 'swap' | 'sample', volumeQuote = '0') {
  await db.insert(pricePoints).values({ lakeId, price, kind, volumeQuote, createdAt: clock.now() });
}

export async function findPricePoint(db: Executor, id: number) {
  const rows = await db.select().from(pricePoints).where(eq(pricePoints.id, id));
  return rows[0];
}

/** OHLC + volume per time bucket, computed in the database over the (lake_id, created_at) index. */
export async function candles(db: Executor, lakeId: number, since: Date, bucketSeconds: number) {
  // The bucket size is written into the SQL, not bound: SELECT and GROUP BY must be the same expression,
  // and two bound parameters are not. It comes from the service's fixed range table, never from input.
  if (!Number.isSafeInteger(bucketSeconds) || bucketSeconds <= 0) throw new RangeError('bad bucket');
  const size = sql.raw(String(bucketSeconds));
  const bucket = sql`(floor(extract(epoch from ${pricePoints.createdAt}) / ${size}) * ${size})::bigint`;
  const rows = await db
    .select({
      time: sql<string>`${bucket}`,
      open: sql<string>`((array_agg(${pricePoints.price} order by ${pricePoints.id}))[1])::text`,
      high: sql<string>`max(${pricePoints.price})::text`,
      low: sql<string>`min(${pricePoints.price})::text`,
      close: sql<string>`((array_agg(${pricePoints.price} order by ${pricePoints.id} desc))[1])::text`,
      volume: sql<string>`sum(${pricePoints.volumeQuote})::text`,
    })
    .from(pricePoints)
    .where(and(eq(pricePoints.lakeId, lakeId), gte(pricePoints.createdAt, since)))
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((r) => ({ ...r, time: Number(r.time) }));
}
