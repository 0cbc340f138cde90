/**
 * The points shop (spec §1, §3, §4, §7; decision 073). Placing an order takes the stock under the goods' row lock
 * (so the per-user limit and the stock are counted one order at a time) and holds it until the order is paid, deleted
 * or times out. Paying checks the transaction password like a transfer (decision 013) and moves the amount to the
 * `shop_sales` system account in one journal entry; a balance that cannot cover it leaves the order 'payment failed'.
 */
import { randomBytes } from 'node:crypto';
import { fromUnits, toUnits, type AssetKey, type Goods, type OrderCounters, type ShopAddress, type ShopOrder } from '@reef/contract';
import type { AuthUser } from '../../core/auth-user.js';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Config } from '../../config.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, postEntry } from '../ledger/ledger.service.js';
import { verifyPayPassword, type Pepper } from '../security/security.service.js';
import { findUploadByAddress } from '../uploads/uploads.service.js';
import { userInfo } from '../users/users.service.js';
import * as repo from './shop.repository.js';

/** Orders per statement of the time-out and auto-receive sweeps. */
export const SHOP_SWEEP_BATCH = 1000;
/** The most addresses one book holds (the contract's ADDRESS_BOOK_SIZE). */
const ADDRESS_BOOK_SIZE = 20;

const exact = (amount: string) => fromUnits(toUnits(amount));
const iso = (time: Date | null) => time?.toISOString() ?? null;

export interface ShopTimes {
  orderTimeoutMs: number;
  autoReceiveMs: number;
}

export const shopTimes = (config: Config): ShopTimes => ({ orderTimeoutMs: config.shopOrderTimeoutMs, autoReceiveMs: config.shopAutoReceiveMs });

function goodsView(row: repo.GoodsRow, ordered = 0): Goods {
  return {
    id: row.id,
    title: row.title,
    images: row.images,
    description: row.description,
    price: row.price,
    asset: row.priceAsset as Goods['asset'],
    stock: row.stock,
    per_user_limit: row.perUserLimit,
    kind: row.kind as Goods['kind'],
    status: row.status as Goods['status'],
    ordered,
  };
}

function addressView(row: repo.AddressRow): ShopAddress {
  return { id: row.id, name: row.name, phone: row.phone, region: row.region, detail: row.detail, is_default: row.isDefault };
}

function orderView(row: repo.OrderRow, times: ShopTimes): ShopOrder {
  return {
    id: row.id,
    order_no: row.orderNo,
    goods_id: row.goodsId,
    title: row.title,
    image: row.image,
    kind: row.kind as ShopOrder['kind'],
    quantity: row.quantity,
    price: row.price,
    asset: row.asset as ShopOrder['asset'],
    amount: row.amount,
    status: row.status as ShopOrder['status'],
    fail_reason: row.failReason,
    address: row.address ?? null,
    carrier: row.carrier,
    tracking_no: row.trackingNo,
    entry_id: row.entryId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: iso(row.paidAt),
    shipped_at: iso(row.shippedAt),
    received_at: iso(row.receivedAt),
    auto_receive_at: row.status === 'shipped' && row.shippedAt ? new Date(row.shippedAt.getTime() + times.autoReceiveMs).toISOString() : null,
  };
}

function orderNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `S${stamp}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
}

// ---- goods ----------------------------------------------------------------------------------------------------

export async function listGoods(db: Database, userId: number, page: number, limit: number) {
  const { list, total } = await repo.listGoods(db, true, limit, (page - 1) * limit);
  const ordered =
    list.length > 0
      ? await repo.orderedBy(
          db,
          userId,
          list.map((g) => g.id),
        )
      : new Map<number, number>();
  return { list: list.map((g) => goodsView(g, ordered.get(g.id) ?? 0)), page, limit, total };
}

export async function goodsDetail(db: Database, userId: number, goodsId: number) {
  const row = await repo.findGoods(db, goodsId);
  // Goods taken off sale stay readable (an order links to them), but only through their id.
  if (!row) throw new DomainError('NOT_FOUND');
  const ordered = await repo.orderedBy(db, userId, [goodsId]);
  return goodsView(row, ordered.get(goodsId) ?? 0);
}

// ---- address book ---------------------------------------------------------------------------------------------

export interface AddressInput {
  name: string;
  phone: string;
  region: string;
  detail: string;
  is_default?: boolean | undefined;
}

export async function listAddresses(db: Database, userId: number) {
  return { list: (await repo.listAddresses(db, userId)).map(addressView) };
}

export async function createAddress(db: Database, userId: number, input: AddressInput) {
  return db.transaction(async (tx) => {
    const held = await repo.countAddresses(tx, userId);
    if (held >= ADDRESS_BOOK_SIZE) throw new DomainError('SHOP_ADDRESS_BOOK_FULL', { limit: ADDRESS_BOOK_SIZE });
    // The first address of a book is its default.
    const isDefault = input.is_default === true || held === 0;
    const row = await repo.insertAddress(tx, { userId, name: input.name, phone: input.phone, region: input.region, detail: input.detail, isDefault });
    if (isDefault) await repo.clearDefault(tx, userId, row.id);
    await recordEvent(tx, { type: 'shop.address_changed', user_id: userId, address_id: row.id, action: 'create' });
    return addressView(row);
  });
}

export async function editAddress(db: Database, userId: number, addressId: number, input: AddressInput) {
  return db.transaction(async (tx) => {
    const row = await repo.updateAddress(tx, userId, addressId, {
      name: input.name,
      phone: input.phone,
      region: input.region,
      detail: input.detail,
      ...(input.is_default === true ? { isDefault: true } : {}),
    });
    // Someone else's address is 'not found': its existence is not revealed.
    if (!row) throw new DomainError('NOT_FOUND');
    if (input.is_default === true) await repo.clearDefault(tx, userId, row.id);
    await recordEvent(tx, { type: 'shop.address_changed', user_id: userId, address_id: row.id, action: 'edit' });
    return addressView(row);
  });
}

export async function deleteAddress(db: Database, userId: number, addressId: number, now = clock.now()) {
  return db.transaction(async (tx) => {
    const row = await repo.updateAddress(tx, userId, addressId, { deletedAt: now, isDefault: false });
    if (!row) throw new DomainError('NOT_FOUND');
    await recordEvent(tx, { type: 'shop.address_changed', user_id: userId, address_id: row.id, action: 'delete' });
    return { id: row.id };
  });
}

// ---- orders ---------------------------------------------------------------------------------------------------

export interface OrderInput {
  goods_id: number;
  quantity: number;
  address_id?: number | undefined;
}

export async function placeOrder(db: Database, times: ShopTimes, userId: number, input: OrderInput, now = clock.now()) {
  return db.transaction(async (tx) => {
    // The row lock makes one user's concurrent orders of these goods count the limit one after another.
    const goods = await repo.findGoods(tx, input.goods_id, true);
    if (!goods) throw new DomainError('NOT_FOUND');
    if (goods.status !== 'on_sale') throw new DomainError('SHOP_NOT_ON_SALE');
    let address: repo.OrderRow['address'] = null;
    if (goods.kind === 'physical') {
      if (input.address_id === undefined) throw new DomainError('SHOP_ADDRESS_REQUIRED');
      const row = await repo.findAddress(tx, userId, input.address_id);
      if (!row) throw new DomainError('NOT_FOUND');
      address = { name: row.name, phone: row.phone, region: row.region, detail: row.detail };
    }
    if (goods.perUserLimit !== null) {
      const ordered = (await repo.orderedBy(tx, userId, [goods.id])).get(goods.id) ?? 0;
      if (ordered + input.quantity > goods.perUserLimit) throw new DomainError('SHOP_LIMIT_REACHED', { limit: goods.perUserLimit });
    }
    if (!(await repo.takeStock(tx, goods.id, input.quantity))) throw new DomainError('SHOP_OUT_OF_STOCK');
    const amount = toUnits(goods.price) * BigInt(input.quantity);
    const row = await repo.insertOrder(tx, {
      orderNo: orderNumber(now),
      userId,
      goodsId: goods.id,
      title: goods.title,
      image: goods.images[0] ?? '',
      kind: goods.kind,
      quantity: input.quantity,
      price: goods.price,
      asset: goods.priceAsset,
      amount: fromUnits(amount),
      address,
      expiresAt: new Date(now.getTime() + times.orderTimeoutMs),
      createdAt: now,
    });
    await recordEvent(tx, {
      type: 'shop.order_placed',
      user_id: userId,
      order_id: row.id,
      goods_id: goods.id,
      quantity: input.quantity,
      asset: goods.priceAsset as AssetKey,
      amount: row.amount,
    });
    return orderView(row, times);
  });
}

async function ownOrder(db: Executor, userId: number, orderId: number, lock = false) {
  const row = await repo.findOrder(db, orderId, lock);
  // Someone else's order is 'not found': its existence is not revealed.
  if (!row || row.userId !== userId) throw new DomainError('NOT_FOUND');
  return row;
}

/**
 * Pays an unpaid or failed order. The journal entry is posted in a savepoint: when the balance cannot cover it,
 * the savepoint alone rolls back and the order is recorded as 'payment failed' with the reason.
 */
export async function payOrder(
  db: Database,
  times: ShopTimes,
  pepper: Pepper,
  user: AuthUser,
  orderId: number,
  password: string,
  idempotencyKey: string | undefined,
  now = clock.now(),
) {
  // Someone else's order is refused before the password is tried: it must not cost an attempt.
  await ownOrder(db, user.id, orderId);
  await verifyPayPassword(db, pepper, user.id, password);
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request: ['shop_pay', orderId] }, async (tx) => {
    const order = await ownOrder(tx, user.id, orderId, true);
    if (order.status !== 'unpaid' && order.status !== 'failed') throw new DomainError('SHOP_ORDER_STATE', { status: order.status });
    if (order.expiresAt <= now) throw new DomainError('SHOP_ORDER_STATE', { status: 'cancelled' });
    const asset = order.asset as AssetKey;
    const amount = toUnits(order.amount);
    let posted: Awaited<ReturnType<typeof postEntry>>;
    try {
      posted = await tx.transaction((savepoint: Transaction) =>
        postEntry(savepoint, {
          kind: 'shop_purchase',
          memo: `order ${order.orderNo}`,
          actorId: user.id,
          postings: [
            { account: { userId: user.id, asset }, amount: -amount, kind: 'shop_purchase' },
            { account: { system: 'shop_sales', asset }, amount, kind: 'shop_purchase' },
          ],
        }),
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'INSUFFICIENT_BALANCE') throw error;
      const failed = await repo.updateOrder(tx, order.id, { status: 'failed', failReason: error.code });
      await recordEvent(tx, { type: 'shop.payment_failed', user_id: user.id, order_id: order.id, reason: error.code });
      return { order: orderView(failed, times), balance: null };
    }
    const virtual = order.kind === 'virtual';
    const paid = await repo.updateOrder(tx, order.id, {
      status: virtual ? 'complete' : 'unshipped',
      failReason: null,
      entryId: posted.entryId,
      paidAt: now,
      // Virtual goods are delivered with the payment.
      ...(virtual ? { receivedAt: now } : {}),
    });
    await recordEvent(tx, {
      type: 'shop.order_paid',
      user_id: user.id,
      entry_id: posted.entryId,
      order_id: order.id,
      goods_id: order.goodsId,
      asset,
      amount: order.amount,
      kind: order.kind as 'physical' | 'virtual',
    });
    return { order: orderView(paid, times), balance: posted.userBalances.get(balanceKey(user.id, asset))! };
  });
}

/** Deletes an order that was never paid (its stock goes back unless it already went back at the time-out). */
export async function deleteOrder(db: Database, userId: number, orderId: number, now = clock.now()) {
  return db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, orderId, true);
    if (order.status !== 'unpaid' && order.status !== 'failed' && order.status !== 'cancelled') {
      throw new DomainError('SHOP_ORDER_STATE', { status: order.status });
    }
    if (order.status !== 'cancelled') {
      await repo.returnStock(tx, order.goodsId, order.quantity);
      await recordEvent(tx, {
        type: 'shop.order_closed',
        user_id: userId,
        order_id: order.id,
        goods_id: order.goodsId,
        quantity: order.quantity,
        action: 'deleted',
      });
    }
    await repo.updateOrder(tx, order.id, { status: 'cancelled', deletedAt: now });
    return { id: order.id };
  });
}

export async function orderDetail(db: Database, times: ShopTimes, userId: number, orderId: number) {
  return orderView(await ownOrder(db, userId, orderId), times);
}

export async function myOrders(db: Database, times: ShopTimes, userId: number, status: string, page: number, limit: number) {
  const { list, total } = await repo.listOrders(db, { userId, ...(status === 'all' ? {} : { status }) }, limit, (page - 1) * limit);
  return { list: list.map((row) => orderView(row, times)), page, limit, total };
}

export async function receiveOrder(db: Database, times: ShopTimes, userId: number, orderId: number, now = clock.now()) {
  return db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, orderId, true);
    if (order.status !== 'shipped') throw new DomainError('SHOP_ORDER_STATE', { status: order.status });
    const row = await repo.updateOrder(tx, order.id, { status: 'complete', receivedAt: now });
    await recordEvent(tx, { type: 'shop.order_received', user_id: userId, order_id: order.id, by: 'user' });
    return orderView(row, times);
  });
}

export async function counters(db: Executor, userId: number): Promise<OrderCounters> {
  const c = await repo.orderCounters(db, userId);
  return { complete_count: c.complete, received_count: c.shipped, unshipped_count: c.unshipped, order_count: c.all, unpaid_count: c.unpaid };
}

/** GET /api/user/index: the user's summary and the order counters. */
export async function userIndex(db: Database, user: AuthUser, symbols: Record<AssetKey, string>) {
  const [info, orderInfo] = await Promise.all([userInfo(db, user, symbols), counters(db, user.id)]);
  return { user: info, order_info: orderInfo };
}

// ---- sweeps (a periodic job) ----------------------------------------------------------------------------------

/**
 * Cancels unpaid and failed orders past their time-out (their stock goes back) and receives shipped orders past
 * the waiting days, a batch per transaction until none is due. Safe to run twice or concurrently.
 */
export async function sweepOrders(db: Database, times: ShopTimes, now = clock.now(), batch = SHOP_SWEEP_BATCH) {
  let cancelled = 0;
  let received = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await repo.cancelExpired(tx, now, batch);
      for (const r of rows) {
        await recordEvent(tx, {
          type: 'shop.order_closed',
          user_id: r.user_id,
          order_id: r.id,
          goods_id: r.goods_id,
          quantity: r.quantity,
          action: 'timed_out',
        });
      }
      return rows.length;
    });
    cancelled += n;
    if (n < batch) break;
  }
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await repo.receiveOverdue(tx, new Date(now.getTime() - times.autoReceiveMs), now, batch);
      for (const r of rows) await recordEvent(tx, { type: 'shop.order_received', user_id: r.user_id, order_id: r.id, by: 'timeout' });
      return rows.length;
    });
    received += n;
    if (n < batch) break;
  }
  return { cancelled, received };
}

// ---- operators ------------------------------------------------------------------------------------------------

export interface GoodsInput {
  title?: string | undefined;
  images?: string[] | undefined;
  description?: string | undefined;
  price?: string | undefined;
  asset?: Goods['asset'] | undefined;
  stock?: number | undefined;
  per_user_limit?: number | null | undefined;
  kind?: Goods['kind'] | undefined;
  status?: Goods['status'] | undefined;
}

async function goodsColumns(db: Executor, input: GoodsInput): Promise<Partial<repo.NewGoods>> {
  // Pictures are uploads: an address that names no upload is refused, so a goods page never links elsewhere.
  for (const image of input.images ?? []) if (!(await findUploadByAddress(db, image))) throw new DomainError('SHOP_IMAGE_INVALID');
  const columns: Record<string, unknown> = {
    title: input.title,
    images: input.images,
    description: input.description,
    price: input.price === undefined ? undefined : exact(input.price),
    priceAsset: input.asset,
    stock: input.stock,
    perUserLimit: input.per_user_limit,
    kind: input.kind,
    status: input.status,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function auditGoods(tx: Transaction, operatorId: number, action: 'create' | 'edit', before: repo.GoodsRow | null, after: repo.GoodsRow) {
  await recordEvent(tx, {
    type: 'shop.goods_changed',
    user_id: operatorId,
    goods_id: after.id,
    action,
    before: before ? goodsView(before) : null,
    after: goodsView(after),
  });
}

export async function createGoods(db: Database, operatorId: number, input: GoodsInput) {
  return db.transaction(async (tx) => {
    const row = await repo.insertGoods(tx, { ...((await goodsColumns(tx, input)) as repo.NewGoods), createdBy: operatorId });
    await auditGoods(tx, operatorId, 'create', null, row);
    return goodsView(row);
  });
}

/** Edits apply to later orders: an order keeps the title, price and address it was placed with. */
export async function editGoods(db: Database, operatorId: number, goodsId: number, input: GoodsInput) {
  return db.transaction(async (tx) => {
    const before = await repo.findGoods(tx, goodsId, true);
    if (!before) throw new DomainError('NOT_FOUND');
    const after = await repo.updateGoods(tx, goodsId, await goodsColumns(tx, input));
    await auditGoods(tx, operatorId, 'edit', before, after!);
    return goodsView(after!);
  });
}

export async function listGoodsForOperators(db: Database) {
  const { list } = await repo.listGoods(db, false, 1000, 0);
  return { list: list.map((g) => goodsView(g)) };
}

export async function listOrdersForOperators(
  db: Database,
  times: ShopTimes,
  status: string,
  page: number,
  limit: number,
  sort?: Parameters<typeof repo.listOrders>[4],
) {
  const { list, total } = await repo.listOrders(db, status === 'all' ? {} : { status }, limit, (page - 1) * limit, sort);
  return { list: list.map((row) => ({ ...orderView(row, times), user_id: row.userId })), page, limit, total };
}

export async function shipOrder(
  db: Database,
  times: ShopTimes,
  operatorId: number,
  orderId: number,
  input: { carrier: string; tracking_no: string },
  now = clock.now(),
) {
  return db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order) throw new DomainError('NOT_FOUND');
    if (order.status !== 'unshipped') throw new DomainError('SHOP_ORDER_STATE', { status: order.status });
    const row = await repo.updateOrder(tx, order.id, { status: 'shipped', carrier: input.carrier, trackingNo: input.tracking_no, shippedAt: now });
    await recordEvent(tx, {
      type: 'shop.order_shipped',
      user_id: operatorId,
      order_id: order.id,
      owner_id: order.userId,
      carrier: input.carrier,
      tracking_no: input.tracking_no,
    });
    return orderView(row, times);
  });
}
