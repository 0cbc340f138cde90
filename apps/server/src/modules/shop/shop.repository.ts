import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shopAddresses, shopGoods, shopOrders } from '../../db/schema/index.js';
import { sortedBy, type ListSort } from '../../db/sort.js';

export type GoodsRow = typeof shopGoods.$inferSelect;
export type NewGoods = typeof shopGoods.$inferInsert;
export type AddressRow = typeof shopAddresses.$inferSelect;
export type OrderRow = typeof shopOrders.$inferSelect;
export type NewOrder = typeof shopOrders.$inferInsert;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

// ---- goods ----------------------------------------------------------------------------------------------------

export async function insertGoods(db: Executor, values: NewGoods): Promise<GoodsRow> {
  return (await db.insert(shopGoods).values(values).returning())[0]!;
}

export async function updateGoods(db: Executor, id: number, values: Partial<NewGoods>): Promise<GoodsRow | undefined> {
  return (await db.update(shopGoods).set(values).where(eq(shopGoods.id, id)).returning())[0];
}

export async function findGoods(db: Executor, id: number, lock = false): Promise<GoodsRow | undefined> {
  const query = db.select().from(shopGoods).where(eq(shopGoods.id, id));
  return (lock ? await query.for('update') : await query)[0];
}

export async function listGoods(db: Executor, onSaleOnly: boolean, limit: number, offset: number) {
  const where = onSaleOnly ? eq(shopGoods.status, 'on_sale') : undefined;
  const [list, total] = await Promise.all([
    db.select().from(shopGoods).where(where).orderBy(desc(shopGoods.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(shopGoods).where(where),
  ]);
  return { list, total: total[0]!.n };
}

/** Units of each goods the user has ordered, cancelled orders aside (what the per-user limit counts). */
export async function orderedBy(db: Executor, userId: number, goodsIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ goodsId: shopOrders.goodsId, units: sql<number>`coalesce(sum(${shopOrders.quantity}), 0)::int` })
    .from(shopOrders)
    .where(and(eq(shopOrders.userId, userId), ne(shopOrders.status, 'cancelled'), goodsIds ? inArray(shopOrders.goodsId, goodsIds) : undefined))
    .groupBy(shopOrders.goodsId);
  return new Map(rows.map((r) => [r.goodsId, r.units]));
}

/** Takes `quantity` from the stock if that much is left; false otherwise (never below zero). */
export async function takeStock(db: Executor, goodsId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(shopGoods)
    .set({ stock: sql`${shopGoods.stock} - ${quantity}` })
    .where(and(eq(shopGoods.id, goodsId), sql`${shopGoods.stock} >= ${quantity}`))
    .returning({ id: shopGoods.id });
  return rows.length > 0;
}

export async function returnStock(db: Executor, goodsId: number, quantity: number): Promise<void> {
  await db
    .update(shopGoods)
    .set({ stock: sql`${shopGoods.stock} + ${quantity}` })
    .where(eq(shopGoods.id, goodsId));
}

// ---- addresses ------------------------------------------------------------------------------------------------

export function listAddresses(db: Executor, userId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.userId, userId), isNull(shopAddresses.deletedAt)))
    .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id));
}

/** The user's live address, or undefined (someone else's or a deleted one included). */
export async function findAddress(db: Executor, userId: number, id: number): Promise<AddressRow | undefined> {
  const rows = await db
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.id, id), eq(shopAddresses.userId, userId), isNull(shopAddresses.deletedAt)));
  return rows[0];
}

export async function countAddresses(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(shopAddresses)
    .where(and(eq(shopAddresses.userId, userId), isNull(shopAddresses.deletedAt)));
  return rows[0]!.n;
}

export async function insertAddress(db: Executor, values: typeof shopAddresses.$inferInsert): Promise<AddressRow> {
  return (await db.insert(shopAddresses).values(values).returning())[0]!;
}

export async function updateAddress(db: Executor, userId: number, id: number, values: Partial<typeof shopAddresses.$inferInsert>) {
  const rows = await db
    .update(shopAddresses)
    .set(values)
    .where(and(eq(shopAddresses.id, id), eq(shopAddresses.userId, userId), isNull(shopAddresses.deletedAt)))
    .returning();
  return rows[0];
}

/** Clears the default flag on the user's other addresses. */
export async function clearDefault(db: Executor, userId: number, exceptId: number): Promise<void> {
  await db
    .update(shopAddresses)
    .set({ isDefault: false })
    .where(and(eq(shopAddresses.userId, userId), ne(shopAddresses.id, exceptId), eq(shopAddresses.isDefault, true)));
}

// ---- orders ---------------------------------------------------------------------------------------------------

export async function insertOrder(db: Executor, values: NewOrder): Promise<OrderRow> {
  return (await db.insert(shopOrders).values(values).returning())[0]!;
}

export async function findOrder(db: Executor, id: number, lock = false): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, id), isNull(shopOrders.deletedAt)));
  return (lock ? await query.for('update') : await query)[0];
}

export async function updateOrder(db: Executor, id: number, values: Partial<NewOrder>): Promise<OrderRow> {
  return (await db.update(shopOrders).set(values).where(eq(shopOrders.id, id)).returning())[0]!;
}

const ORDER_SORTS = {
  order_no: shopOrders.orderNo,
  user_id: shopOrders.userId,
  quantity: shopOrders.quantity,
  amount: shopOrders.amount,
  status: shopOrders.status,
  created_at: shopOrders.createdAt,
};

export async function listOrders(
  db: Executor,
  filter: { userId?: number; status?: string },
  limit: number,
  offset: number,
  sort?: ListSort<keyof typeof ORDER_SORTS>,
) {
  const where = and(
    isNull(shopOrders.deletedAt),
    filter.userId === undefined ? undefined : eq(shopOrders.userId, filter.userId),
    filter.status === undefined ? undefined : eq(shopOrders.status, filter.status),
  );
  const [list, total] = await Promise.all([
    db
      .select()
      .from(shopOrders)
      .where(where)
      .orderBy(...(sortedBy(ORDER_SORTS, shopOrders.id, sort) ?? [desc(shopOrders.id)]))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(shopOrders).where(where),
  ]);
  return { list, total: total[0]!.n };
}

/** The user store's counters in one statement (spec §3). */
export async function orderCounters(db: Executor, userId: number) {
  const rows = await db
    .select({
      unpaid: sql<number>`(count(*) filter (where ${shopOrders.status} in ('unpaid', 'failed')))::int`,
      unshipped: sql<number>`(count(*) filter (where ${shopOrders.status} = 'unshipped'))::int`,
      shipped: sql<number>`(count(*) filter (where ${shopOrders.status} = 'shipped'))::int`,
      complete: sql<number>`(count(*) filter (where ${shopOrders.status} = 'complete'))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(shopOrders)
    .where(and(eq(shopOrders.userId, userId), isNull(shopOrders.deletedAt)));
  return rows[0]!;
}

export interface ClosedOrder {
  id: number;
  user_id: number;
  goods_id: number;
  quantity: number;
}

/**
 * Cancels up to `batch` unpaid or failed orders whose time-out has passed and gives their stock back, in one
 * statement. `skip locked` leaves an order being paid right now to its payment (which then finds it expired).
 */
export async function cancelExpired(db: Executor, now: Date, batch: number): Promise<ClosedOrder[]> {
  const result = await db.execute(sql`
    with due as (
      select id from shop_orders
      where status in ('unpaid', 'failed') and expires_at <= ${at(now)}
      order by id limit ${batch}
      for update skip locked
    ), closed as (
      update shop_orders o set status = 'cancelled', fail_reason = null
      from due where o.id = due.id
      returning o.id, o.user_id, o.goods_id, o.quantity
    ), returned as (
      update shop_goods g set stock = g.stock + s.units
      from (select goods_id, sum(quantity)::int as units from closed group by goods_id) s
      where g.id = s.goods_id
      returning g.id
    )
    select id::int as id, user_id, goods_id, quantity from closed order by id`);
  return rowsOf<ClosedOrder>(result).map((r) => ({ id: Number(r.id), user_id: r.user_id, goods_id: r.goods_id, quantity: r.quantity }));
}

/** Marks up to `batch` orders shipped before `shippedBefore` received (and complete). */
export async function receiveOverdue(db: Executor, shippedBefore: Date, now: Date, batch: number): Promise<{ id: number; user_id: number }[]> {
  const result = await db.execute(sql`
    with due as (
      select id from shop_orders
      where status = 'shipped' and shipped_at <= ${at(shippedBefore)}
      order by id limit ${batch}
      for update skip locked
    )
    update shop_orders o set status = 'complete', received_at = ${at(now)}
    from due where o.id = due.id
    returning o.id::int as id, o.user_id`);
  return rowsOf<{ id: number; user_id: number }>(result).map((r) => ({ id: Number(r.id), user_id: r.user_id }));
}
