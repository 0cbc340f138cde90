/**
 * Pledge (locked-position) products (spec §1, §3 Pledge product, §4 pledge states and countdowns, §5 lock
 * between the minimum and the maximum, §9 service fee; decision 057). Paths in the style of §7's project
 * calls: /api/project/pledge…
 */
import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, freeText, idParams, isoTime, pagedList, pageQuery, positiveAmount, serialIdParams } from '../common.js';

/** not_started → in_progress (sales open) → ended (sales closed, interest accruing) → releasing → released (spec §4). */
export const PLEDGE_STATES = ['not_started', 'in_progress', 'ended', 'releasing', 'released'] as const;
export const pledgeState = z.enum(PLEDGE_STATES);
export const PLEDGE_PRODUCT_STATUSES = ['active', 'paused', 'closed'] as const;
export const pledgeProductStatus = z.enum(PLEDGE_PRODUCT_STATUSES);

/** A rate as a decimal fraction string (0.12 = 12 %), at most 8 places. */
export const rateString = z.string().check(z.regex(/^(0|[1-9]\d{0,3})(\.\d{1,8})?$/));

export const pledgeProduct = z.object({
  id: z.int(),
  name: z.string(),
  product_type: z.string(),
  asset: assetKey,
  interest_asset: assetKey,
  cycle_days: z.int(),
  /** A fraction of the principal a year, counted in units of `interest_asset` (no price conversion: decision 057). */
  annual_rate: z.string(),
  /**
   * What 1,000 of `asset` locked (after the fee) earns a day, in `interest_asset`: the payout rule itself
   * (principal × annual rate ÷ 365, cut to 8 places), so the page shows the rate as it is paid (decision 115).
   */
  daily_interest_per_thousand: amountString,
  /** Starting position: the smallest lock. */
  min_lock: amountString,
  /** Lock upper limit per user. */
  max_per_user: amountString,
  total_cap: amountString,
  /** Locked so far (cap progress). */
  locked_total: amountString,
  fee_rate: z.string(),
  sale_starts_at: isoTime,
  sale_ends_at: isoTime,
  /** Interest accrues from here, one payment a day. */
  dividend_at: isoTime,
  unlock_at: isoTime,
  release_days: z.int(),
  status: pledgeProductStatus,
  state: pledgeState,
  /** Countdown to the sale's start and end in seconds (0 once passed); the page shows days, hours, minutes, seconds. */
  starts_in: z.int(),
  ends_in: z.int(),
  /** What the caller holds in it (before the fee). */
  holding: amountString,
});
export type PledgeProduct = z.infer<typeof pledgeProduct>;

/** `now` is the server's business time of the answer: the page's countdowns run on it, not on the phone's clock. */
export const listPledgeProducts = endpoint('GET /api/project/pledge', 'user', {
  response: z.object({ now: isoTime, list: z.array(pledgeProduct) }),
});

export const pledgeProductDetails = endpoint('GET /api/project/pledge/:id', 'user', {
  params: serialIdParams,
  response: z.extend(pledgeProduct, { now: isoTime }),
});

const lockBody = z.strictObject({ amount: positiveAmount });

/** What a lock of `amount` costs and pays, before confirming (spec §9: service fee and the actual amount). */
export const pledgeQuote = z.object({
  amount: amountString,
  fee: amountString,
  /** amount − fee: what earns interest and comes back. */
  principal: amountString,
  asset: assetKey,
  interest_asset: assetKey,
  daily_interest: amountString,
  total_interest: amountString,
  dividend_at: isoTime,
  unlock_at: isoTime,
  release_days: z.int(),
  /** When the last of the principal is back. */
  released_at: isoTime,
});
export type PledgeQuote = z.infer<typeof pledgeQuote>;

export const previewPledge = endpoint('POST /api/project/pledge/:id/preview', 'user', {
  params: serialIdParams,
  body: lockBody,
  response: pledgeQuote,
});

export const pledgePosition = z.object({
  id: z.int(),
  product_id: z.int(),
  name: z.string(),
  asset: assetKey,
  interest_asset: assetKey,
  amount: amountString,
  fee: amountString,
  principal: amountString,
  annual_rate: z.string(),
  daily_interest: amountString,
  cycle_days: z.int(),
  interest_days_paid: z.int(),
  /** Interest paid so far. */
  interest: amountString,
  released: amountString,
  dividend_at: isoTime,
  unlock_at: isoTime,
  release_days: z.int(),
  next_payment_at: z.nullable(isoTime),
  state: pledgeState,
  created_at: isoTime,
});
export type PledgePosition = z.infer<typeof pledgePosition>;

export const lockPledge = endpoint('POST /api/project/pledge/:id', 'user', {
  params: serialIdParams,
  body: lockBody,
  response: z.object({ position: pledgePosition, entry_id: z.int(), balance: amountString }),
});

export const myPledges = endpoint('GET /api/project/pledge/my', 'user', {
  query: pageQuery,
  response: pagedList(pledgePosition),
});

/** One payment and what it was for: which product, which day, which rate (or which release instalment). */
export const pledgePayment = z.object({
  kind: z.enum(['interest', 'release']),
  period: z.int(),
  asset: assetKey,
  amount: amountString,
  due_at: isoTime,
  entry_id: z.nullable(z.int()),
});
export type PledgePayment = z.infer<typeof pledgePayment>;

export const pledgePositionDetails = endpoint('GET /api/project/pledge/my/:id', 'user', {
  params: idParams,
  response: z.object({
    position: pledgePosition,
    /** Paid so far, oldest first. */
    payments: z.array(pledgePayment),
    /** Still to come: release instalments with their dates and amounts. */
    release_schedule: z.array(z.object({ period: z.int(), amount: amountString, due_at: isoTime, paid: z.boolean() })),
  }),
});

// Operators (decision 057). Every change is an audited `pledge.product_changed` event with before and after.

const productFields = {
  name: freeText(60),
  product_type: freeText(30),
  asset: assetKey,
  interest_asset: assetKey,
  cycle_days: z.int().check(z.gte(1)).check(z.lte(3650)),
  annual_rate: rateString,
  min_lock: positiveAmount,
  max_per_user: positiveAmount,
  total_cap: positiveAmount,
  fee_rate: rateString,
  sale_starts_at: z.iso.datetime({ offset: true }),
  sale_ends_at: z.iso.datetime({ offset: true }),
  dividend_at: z.iso.datetime({ offset: true }),
  release_days: z.int().check(z.gte(0)).check(z.lte(3650)),
};

export const adminCreatePledgeProduct = endpoint('POST /api/admin/pledge/products', 'admin', {
  body: z.strictObject({ ...productFields, status: z.optional(pledgeProductStatus) }),
  response: pledgeProduct,
});

export const adminEditPledgeProduct = endpoint('POST /api/admin/pledge/products/:id', 'admin', {
  params: serialIdParams,
  body: z
    .strictObject({
      name: z.optional(productFields.name),
      product_type: z.optional(productFields.product_type),
      asset: z.optional(productFields.asset),
      interest_asset: z.optional(productFields.interest_asset),
      cycle_days: z.optional(productFields.cycle_days),
      annual_rate: z.optional(productFields.annual_rate),
      min_lock: z.optional(productFields.min_lock),
      max_per_user: z.optional(productFields.max_per_user),
      total_cap: z.optional(productFields.total_cap),
      fee_rate: z.optional(productFields.fee_rate),
      sale_starts_at: z.optional(productFields.sale_starts_at),
      sale_ends_at: z.optional(productFields.sale_ends_at),
      dividend_at: z.optional(productFields.dividend_at),
      release_days: z.optional(productFields.release_days),
    })
    .check(z.refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })),
  response: pledgeProduct,
});

export const adminSetPledgeProductStatus = endpoint('POST /api/admin/pledge/products/:id/status', 'admin', {
  params: serialIdParams,
  body: z.strictObject({ status: pledgeProductStatus }),
  response: pledgeProduct,
});

export const adminListPledgeProducts = endpoint('GET /api/admin/pledge/products', 'admin', {
  response: z.object({ list: z.array(pledgeProduct) }),
});

/** What the platform owes holders: interest still to pay per interest asset, principal still to release per asset. */
export const adminPledgeOutstanding = endpoint('GET /api/admin/pledge/outstanding', 'admin', {
  response: z.object({
    interest: z.array(z.object({ asset: assetKey, amount: amountString })),
    principal: z.array(z.object({ asset: assetKey, amount: amountString })),
    positions: z.int(),
  }),
});
