/**
 * The points shop (spec §1, §3 orderInfo, §4 order states, §7 Points shop; decision 073): goods an operator sells
 * for points (or the coin), orders that reserve stock when placed and are paid with the transaction password,
 * delivery to an address of the user's book, and the user store's order counters.
 */
import * as z from 'zod/mini';
import {
  amountString,
  bigId,
  endpoint,
  freeText,
  idParams,
  isoTime,
  pagedList,
  pageQuery,
  sortQuery,
  positiveAmount,
  serialId,
  serialIdParams,
} from '../common.js';
import { payPassword } from './security.js';
import { uploadAddress } from './uploads.js';
import { userInfo } from './users.js';

/** The balances goods may be priced in: mineral, trading or game points, or the platform coin. */
export const SHOP_ASSETS = ['mineral', 'trade', 'game', 'coin'] as const;
export const shopAsset = z.enum(SHOP_ASSETS);
export type ShopAsset = z.infer<typeof shopAsset>;
export const GOODS_KINDS = ['physical', 'virtual'] as const;
export const goodsKind = z.enum(GOODS_KINDS);
export const GOODS_STATUSES = ['on_sale', 'off_sale'] as const;
export const goodsStatus = z.enum(GOODS_STATUSES);

/**
 * unpaid (to be paid), failed (payment failed: pay again or delete), unshipped (paid, physical), shipped (on its
 * way: to be received), complete (received, or a virtual good delivered on payment), cancelled (not paid in time).
 * "To be confirmed" (spec §4) is the confirm page before the order exists.
 */
export const ORDER_STATUSES = ['unpaid', 'failed', 'unshipped', 'shipped', 'complete', 'cancelled'] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;
/** The tabs of my orders: all, or one state. */
export const ORDER_FILTERS = ['all', ...ORDER_STATUSES] as const;

export const goods = z.object({
  id: z.int(),
  title: z.string(),
  images: z.array(z.string()),
  description: z.string(),
  price: amountString,
  asset: shopAsset,
  stock: z.int(),
  per_user_limit: z.nullable(z.int()),
  kind: goodsKind,
  status: goodsStatus,
  /** Units the caller has ordered (cancelled orders aside); 0 in an operator's list. */
  ordered: z.int(),
});
export type Goods = z.infer<typeof goods>;

export const listGoods = endpoint('GET /api/point/goods', 'user', {
  query: pageQuery,
  response: pagedList(goods),
});

export const goodsDetail = endpoint('GET /api/point/goods/:id', 'user', {
  params: serialIdParams,
  response: goods,
});

// ---- address book ---------------------------------------------------------------------------------------------

/** A phone number as people type it: digits, spaces, dashes, an optional leading +. */
export const phoneText = z
  .string()
  .check(z.trim())
  .check(z.regex(/^\+?[0-9][0-9 -]{4,22}$/));

const addressFields = {
  name: freeText(40),
  phone: phoneText,
  region: freeText(100),
  detail: freeText(200),
};

export const address = z.object({
  id: z.int(),
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
  is_default: z.boolean(),
});
export type ShopAddress = z.infer<typeof address>;

/** The most addresses one book holds. */
export const ADDRESS_BOOK_SIZE = 20;

export const listAddresses = endpoint('GET /api/address', 'user', {
  response: z.object({ list: z.array(address) }),
});

export const createAddress = endpoint('POST /api/address', 'user', {
  body: z.strictObject({ ...addressFields, is_default: z.optional(z.boolean()) }),
  response: address,
});

export const editAddress = endpoint('POST /api/address/:id', 'user', {
  params: idParams,
  body: z.strictObject({ ...addressFields, is_default: z.optional(z.boolean()) }),
  response: address,
});

export const deleteAddress = endpoint('POST /api/address/:id/delete', 'user', {
  params: idParams,
  response: z.object({ id: z.int() }),
});

// ---- orders ---------------------------------------------------------------------------------------------------

export const orderAddress = z.object({ name: z.string(), phone: z.string(), region: z.string(), detail: z.string() });

export const order = z.object({
  id: z.int(),
  order_no: z.string(),
  goods_id: z.int(),
  title: z.string(),
  image: z.string(),
  kind: goodsKind,
  quantity: z.int(),
  price: amountString,
  asset: shopAsset,
  amount: amountString,
  status: orderStatus,
  /** Why the last payment failed (an error code, e.g. INSUFFICIENT_BALANCE); null otherwise. */
  fail_reason: z.nullable(z.string()),
  address: z.nullable(orderAddress),
  carrier: z.nullable(z.string()),
  tracking_no: z.nullable(z.string()),
  entry_id: z.nullable(z.int()),
  created_at: isoTime,
  /** An unpaid or failed order is cancelled (its stock released) at this time. */
  expires_at: isoTime,
  paid_at: z.nullable(isoTime),
  shipped_at: z.nullable(isoTime),
  received_at: z.nullable(isoTime),
  /** A shipped order is received automatically at this time; null before shipping. */
  auto_receive_at: z.nullable(isoTime),
});
export type ShopOrder = z.infer<typeof order>;

/**
 * Places an order: the stock is taken at once (refused with SHOP_OUT_OF_STOCK when not enough is left), the order
 * is to be paid until its time-out. Physical goods need `address_id`, one of the caller's own addresses.
 */
export const placeOrder = endpoint('POST /api/point/order', 'user', {
  body: z.strictObject({
    goods_id: serialId,
    quantity: z.int().check(z.gte(1)).check(z.lte(100)),
    address_id: z.optional(bigId),
  }),
  response: order,
});

/**
 * Pays an unpaid or failed order with the transaction password (checked on every call, a replay included, and
 * kept out of the Idempotency-Key digest). A payment the balance cannot cover answers 200 with the order in
 * `failed` and `fail_reason`; a wrong password is refused and leaves the order as it was.
 */
export const payOrder = endpoint('POST /api/point/pay/id/:id', 'user', {
  params: idParams,
  body: z.strictObject({ password: payPassword }),
  response: z.object({ order, balance: z.nullable(amountString) }),
});

/** Deletes an unpaid, failed or cancelled order (its stock goes back); a paid one is refused (SHOP_ORDER_STATE). */
export const deleteOrder = endpoint('POST /api/point/delete/id/:id', 'user', {
  params: idParams,
  response: z.object({ id: z.int() }),
});

export const orderDetail = endpoint('GET /api/point/detail/id/:id', 'user', {
  params: idParams,
  response: order,
});

export const myOrders = endpoint('GET /api/point/myList', 'user', {
  query: z.extend(pageQuery, { status: z._default(z.enum(ORDER_FILTERS), 'all') }),
  response: pagedList(order),
});

/** The user confirms a shipped order arrived: it is complete. */
export const receiveOrder = endpoint('POST /api/point/receive/id/:id', 'user', {
  params: idParams,
  response: order,
});

/**
 * The user store's counters (spec §3 orderInfo): `unpaid_count` counts unpaid and failed orders (to be paid),
 * `unshipped_count` paid orders awaiting shipping, `received_count` shipped orders awaiting receipt,
 * `complete_count` complete ones and `order_count` every order the user has not deleted.
 */
export const orderCounters = z.object({
  complete_count: z.int(),
  received_count: z.int(),
  unshipped_count: z.int(),
  order_count: z.int(),
  unpaid_count: z.int(),
});
export type OrderCounters = z.infer<typeof orderCounters>;

/** GET /api/user/index: the user's summary with the order counters (spec §3 user store). */
export const userIndex = endpoint('GET /api/user/index', 'user', {
  response: z.object({ user: userInfo, order_info: orderCounters }),
});

// ---- operators (audited as shop.goods_changed / shop.order_shipped events) ---------------------------------------

const goodsFields = {
  title: freeText(80),
  images: z.array(uploadAddress).check(z.maxLength(9)),
  description: freeText(4000, { min: 0, multiline: true }),
  price: positiveAmount,
  asset: shopAsset,
  stock: z.int().check(z.gte(0)).check(z.lte(10_000_000)),
  per_user_limit: z.nullable(z.int().check(z.gte(1)).check(z.lte(1_000_000))),
  kind: goodsKind,
  status: goodsStatus,
};

export const adminListGoods = endpoint('GET /api/admin/shop/goods', 'admin', {
  response: z.object({ list: z.array(goods) }),
});

export const adminCreateGoods = endpoint('POST /api/admin/shop/goods', 'admin', {
  body: z.strictObject({
    ...goodsFields,
    images: z.optional(goodsFields.images),
    description: z.optional(goodsFields.description),
    per_user_limit: z.optional(goodsFields.per_user_limit),
    status: z.optional(goodsFields.status),
  }),
  response: goods,
});

export const adminEditGoods = endpoint('POST /api/admin/shop/goods/:id', 'admin', {
  params: serialIdParams,
  body: z
    .strictObject({
      title: z.optional(goodsFields.title),
      images: z.optional(goodsFields.images),
      description: z.optional(goodsFields.description),
      price: z.optional(goodsFields.price),
      asset: z.optional(goodsFields.asset),
      stock: z.optional(goodsFields.stock),
      per_user_limit: z.optional(goodsFields.per_user_limit),
      kind: z.optional(goodsFields.kind),
      status: z.optional(goodsFields.status),
    })
    .check(z.refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })),
  response: goods,
});

/** The columns the operators' order list sorts by (decision 090). */
export const ORDER_SORTS = ['order_no', 'user_id', 'quantity', 'amount', 'status', 'created_at'] as const;

export const adminListOrders = endpoint('GET /api/admin/shop/orders', 'admin', {
  query: z.extend(pageQuery, { status: z._default(z.enum(ORDER_FILTERS), 'all'), ...sortQuery(ORDER_SORTS) }),
  response: pagedList(z.extend(order, { user_id: z.int() })),
});

/** Ships a paid physical order: the carrier and tracking number the user sees. */
export const adminShipOrder = endpoint('POST /api/admin/shop/orders/:id/ship', 'admin', {
  params: idParams,
  body: z.strictObject({
    carrier: freeText(60),
    tracking_no: z
      .string()
      .check(z.trim())
      .check(z.regex(/^[A-Za-z0-9-]{4,40}$/)),
  }),
  response: order,
});
