import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, exactAmount, serialId, timestamptz } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Goods of the points shop (decision 073): sold for `price` of `price_asset` (mineral, trading or game points, or
 * the coin). `stock` is what is left to order: an order takes its quantity at once, and an order that is never
 * paid gives it back when it times out or is deleted.
 */
export const shopGoods = pgTable(
  'shop_goods',
  {
    id: serialId(),
    title: text('title').notNull(),
    /** Upload addresses, the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    price: exactAmount('price').notNull(),
    priceAsset: text('price_asset').notNull(),
    stock: integer('stock').notNull(),
    /** Units one user may order in all (null: no limit). */
    perUserLimit: integer('per_user_limit'),
    /** physical (shipped to an address) or virtual (delivered on payment). */
    kind: text('kind').notNull(),
    /** on_sale or off_sale. */
    status: text('status').notNull().default('on_sale'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('shop_goods_price_positive', sql`${t.price} > 0`),
    check('shop_goods_stock', sql`${t.stock} >= 0`),
    check('shop_goods_limit', sql`coalesce(${t.perUserLimit} > 0, true)`),
    check('shop_goods_kind', sql`${t.kind} in ('physical', 'virtual')`),
    check('shop_goods_status', sql`${t.status} in ('on_sale', 'off_sale')`),
    check('shop_goods_asset', sql`${t.priceAsset} in ('mineral', 'trade', 'game', 'coin')`),
  ],
);

/** A user's address book. A deleted address stays for the orders that copied it, hidden from the book. */
export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: bigId(),
    userId: userRef('user_id'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('shop_addresses_user').on(t.userId, t.id)],
);

/**
 * An order (decision 073): unpaid → (failed ⇄ unpaid) → unshipped → shipped → complete for physical goods,
 * unpaid → complete for virtual ones; unpaid or failed orders past `expires_at` become cancelled and give their
 * stock back. The delivery address is copied, so a later edit of the book never changes an order.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigId(),
    orderNo: text('order_no').notNull().unique(),
    userId: userRef('user_id'),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => shopGoods.id),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    price: exactAmount('price').notNull(),
    asset: text('asset').notNull(),
    amount: exactAmount('amount').notNull(),
    status: text('status').notNull().default('unpaid'),
    failReason: text('fail_reason'),
    address: jsonb('address').$type<{ name: string; phone: string; region: string; detail: string } | null>(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    expiresAt: timestamptz('expires_at').notNull(),
    paidAt: timestamptz('paid_at'),
    shippedAt: timestamptz('shipped_at'),
    receivedAt: timestamptz('received_at'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('shop_orders_status', sql`${t.status} in ('unpaid', 'failed', 'unshipped', 'shipped', 'complete', 'cancelled')`),
    check('shop_orders_quantity', sql`${t.quantity} > 0`),
    check('shop_orders_amount', sql`${t.amount} > 0`),
    index('shop_orders_user').on(t.userId, t.id),
    index('shop_orders_open').on(t.status, t.expiresAt),
    index('shop_orders_goods_user').on(t.goodsId, t.userId),
  ],
);
