/**
 * Mining machines (spec §1, §3 Miner / Miner order, §4 miner states, §7 Mining calls, §8 'Miner still in
 * use'; decision 057). A miner bought for `price` × quantity yields `daily_output` × quantity a day as a
 * bubble (mining/paopao) until it has produced price × multiple × quantity or its period ends; the owner
 * taps a ripe bubble to collect it.
 */
import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, freeText, idParams, isoTime, pagedList, pageQuery, positiveAmount, serialIdParams, uid } from '../common.js';

export const MINING_OUTPUT_ASSETS = ['coin', 'mineral'] as const;
export const miningOutputAsset = z.enum(MINING_OUTPUT_ASSETS);
export const MINING_PRODUCT_STATUSES = ['on_sale', 'paused', 'closed'] as const;
export const miningProductStatus = z.enum(MINING_PRODUCT_STATUSES);
/** paused (by an operator), mining, ended (spec §4). */
export const MINER_STATES = ['mining', 'paused', 'ended'] as const;
/** working (producing), awaiting_release (ended, bubbles left to collect), released (all collected or expired). */
export const MINER_RELEASE_STATES = ['working', 'awaiting_release', 'released'] as const;
/** growing (today's, not ripe yet), ripe (collect it), collected, expired (not collected in time). */
export const BUBBLE_STATES = ['growing', 'ripe', 'collected', 'expired'] as const;

export const miningProduct = z.object({
  id: z.int(),
  name: z.string(),
  image: z.string(),
  price: amountString,
  price_asset: assetKey,
  period_days: z.int(),
  multiple: amountString,
  /** price × multiple: what one unit produces in all. */
  total_output: amountString,
  daily_output: amountString,
  output_asset: miningOutputAsset,
  per_user_limit: z.nullable(z.int()),
  one_at_a_time: z.boolean(),
  bubble_expiry_days: z.int(),
  status: miningProductStatus,
  /** Units the caller has bought of it (0 for an operator's list). */
  bought: z.int(),
});
export type MiningProduct = z.infer<typeof miningProduct>;

export const listMiningProducts = endpoint('GET /api/project/mining_machine', 'user', {
  response: z.object({ list: z.array(miningProduct) }),
});

export const miner = z.object({
  id: z.int(),
  /** The miner order's number (spec §3 Miner order). */
  order_no: z.string(),
  product_id: z.int(),
  name: z.string(),
  image: z.string(),
  quantity: z.int(),
  paid_asset: assetKey,
  paid_amount: amountString,
  period_days: z.int(),
  daily_output: amountString,
  total_output: amountString,
  output_asset: miningOutputAsset,
  /** Output of the bubbles ripe so far. */
  produced: amountString,
  remaining: amountString,
  /** What the owner has collected. */
  income: amountString,
  /** Collected today (UTC day of the business clock). */
  today_income: amountString,
  state: z.enum(MINER_STATES),
  release_state: z.enum(MINER_RELEASE_STATES),
  purchased_at: isoTime,
  ends_at: z.nullable(isoTime),
});
export type Miner = z.infer<typeof miner>;

export const buyMiner = endpoint('POST /api/project/mining_machine/:id', 'user', {
  params: serialIdParams,
  body: z.strictObject({
    quantity: z.int().check(z.gte(1)).check(z.lte(1000)),
    /** The asset paid with: the product's price asset. */
    asset: assetKey,
  }),
  response: z.object({ miner, entry_id: z.int(), balance: amountString }),
});

const incomeTotal = z.object({ asset: miningOutputAsset, today: amountString, total: amountString });

export const myMiners = endpoint('GET /api/project/mining_machine/my', 'user', {
  query: pageQuery,
  response: z.extend(pagedList(miner), {
    /** Miners mining or paused. */
    running: z.int(),
    /** Per output asset: collected today and in all. */
    income: z.array(incomeTotal),
  }),
});

export const bubble = z.object({
  id: z.int(),
  miner_id: z.int(),
  /** The miner's day this bubble is the output of (1 = the first day). */
  period: z.int(),
  asset: miningOutputAsset,
  amount: amountString,
  ripe_at: isoTime,
  expires_at: isoTime,
  collected_at: z.nullable(isoTime),
  state: z.enum(BUBBLE_STATES),
});
export type Bubble = z.infer<typeof bubble>;

export const minerDetails = endpoint('GET /api/project/mining_machine/my/:id', 'user', {
  params: idParams,
  response: z.object({
    miner,
    /** Release records: every day's bubble, newest first. */
    releases: z.array(bubble),
    /** Purchase record: the order. */
    purchase: z.object({
      order_no: z.string(),
      entry_id: z.int(),
      asset: assetKey,
      amount: amountString,
      quantity: z.int(),
      created_at: isoTime,
      status: z.literal('paid'),
    }),
  }),
});

/**
 * The paopao page: the caller's growing and ripe bubbles (not collected, not expired), oldest first, and the
 * server's business time, so the page counts down to `ripe_at` on the server's clock.
 */
export const listBubbles = endpoint('GET /api/project/mining_machine/bubble', 'user', {
  response: z.object({ now: isoTime, list: z.array(bubble) }),
});

export const collectBubble = endpoint('POST /api/project/mining_machine/bubble/:id', 'user', {
  params: idParams,
  response: z.object({ bubble, entry_id: z.int(), balance: amountString }),
});

// Operators (decision 057). Every change is an audited `mining.product_changed` / `mining.miner_changed` event.

const productFields = {
  name: freeText(60),
  image: z.optional(z.string().check(z.maxLength(300))),
  price: positiveAmount,
  price_asset: assetKey,
  period_days: z.int().check(z.gte(1)).check(z.lte(3650)),
  multiple: positiveAmount,
  daily_output: positiveAmount,
  output_asset: miningOutputAsset,
  per_user_limit: z.optional(z.nullable(z.int().check(z.gte(1)).check(z.lte(1_000_000)))),
  one_at_a_time: z.optional(z.boolean()),
  bubble_expiry_days: z.optional(z.int().check(z.gte(1)).check(z.lte(3650))),
};

export const adminCreateMiningProduct = endpoint('POST /api/admin/mining/products', 'admin', {
  body: z.strictObject({ ...productFields, status: z.optional(miningProductStatus) }),
  response: miningProduct,
});

export const adminEditMiningProduct = endpoint('POST /api/admin/mining/products/:id', 'admin', {
  params: serialIdParams,
  body: z
    .strictObject({
      name: z.optional(productFields.name),
      image: productFields.image,
      price: z.optional(productFields.price),
      price_asset: z.optional(productFields.price_asset),
      period_days: z.optional(productFields.period_days),
      multiple: z.optional(productFields.multiple),
      daily_output: z.optional(productFields.daily_output),
      output_asset: z.optional(productFields.output_asset),
      per_user_limit: productFields.per_user_limit,
      one_at_a_time: productFields.one_at_a_time,
      bubble_expiry_days: productFields.bubble_expiry_days,
    })
    .check(z.refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })),
  response: miningProduct,
});

/** Pause (stop selling for now), put back on sale, or close for good. Running miners go on either way. */
export const adminSetMiningProductStatus = endpoint('POST /api/admin/mining/products/:id/status', 'admin', {
  params: serialIdParams,
  body: z.strictObject({ status: miningProductStatus }),
  response: miningProduct,
});

export const adminListMiningProducts = endpoint('GET /api/admin/mining/products', 'admin', {
  response: z.object({ list: z.array(miningProduct) }),
});

/** Pauses a user's miner (no output while paused; the time it lasts is added to its period) or resumes it. */
export const adminPauseMiner = endpoint('POST /api/admin/mining/miners/:id/pause', 'admin', {
  params: idParams,
  body: z.strictObject({ paused: z.boolean() }),
  response: z.object({ miner: z.extend(miner, { user_id: uid }) }),
});

/** What the platform still owes per output asset: future output of running miners, and ripe bubbles not yet collected. */
export const adminMiningOutstanding = endpoint('GET /api/admin/mining/outstanding', 'admin', {
  response: z.object({
    list: z.array(z.object({ asset: miningOutputAsset, future_output: amountString, uncollected: amountString, running_miners: z.int() })),
  }),
});
