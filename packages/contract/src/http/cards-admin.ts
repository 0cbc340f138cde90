/** The cards contract's operator endpoints (/api/admin/cards/…). */
import * as z from 'zod/mini';
import { LANGUAGES } from '../languages.js';
import {
  amountString,
  endpoint,
  nonNegativeAmount,
  freeText,
  idParams,
  isoTime,
  pagedList,
  pageQuery,
  serialId,
  serialIdParam,
  serialIdParams,
  uid,
} from '../common.js';
import { basisPoints, cardPrice, days, instant, perUserCap, stepBasisPoints, stock } from './cards-fields.js';
import { cardSession, cardTypeRules } from './cards-views.js';
import { cardOrder, orderState, splitSettings, splitSettingsInput } from './cards-market.js';

const languageCode = z.enum(LANGUAGES.map((l) => l.code) as [(typeof LANGUAGES)[number]['code'], ...(typeof LANGUAGES)[number]['code'][]]);
const cardName = freeText(40);

export const adminCardType = z.extend(cardTypeRules, {
  /** The default name, and the per-language names. */
  names: z.record(z.string(), z.string()),
  per_user_cap: z.int(),
  active: z.boolean(),
  sort: z.int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AdminCardType = z.infer<typeof adminCardType>;

const cardTypeFields = {
  name: cardName,
  names: z.optional(z.partialRecord(languageCode, cardName)),
  /** An upload address (`/uploads/<sha256>.<ext>`) of an operator's upload, or '' for the default art. */
  image: z.optional(z.string().check(z.regex(/^(\/uploads\/[0-9a-f]{64}\.(png|jpg|gif|webp))?$/))),
  start_price: cardPrice,
  price_step_bp: stepBasisPoints,
  fuel_fee_bp: basisPoints,
  trade_points: nonNegativeAmount,
  hold_days: days,
  list_window_days: days.check(z.gte(1)),
  platform_fee_bp: basisPoints,
  /** Default 10000 − platform_fee_bp. */
  obtainable_bp: z.optional(basisPoints),
  renewal_fee_bp: basisPoints,
  per_user_cap: z._default(perUserCap, 1),
  active: z._default(z.boolean(), true),
  sort: z._default(z.int().check(z.gte(-1_000_000)).check(z.lte(1_000_000)), 0),
};

const feeWithinPrice = (b: { platform_fee_bp?: number; obtainable_bp?: number }) =>
  b.platform_fee_bp === undefined || b.obtainable_bp === undefined || b.platform_fee_bp + b.obtainable_bp <= 10_000;

export const adminListCardTypes = endpoint('GET /api/admin/cards/types', 'admin', {
  response: z.object({ list: z.array(adminCardType) }),
});

/** Audited as a `card.admin_changed` event (before: null). */
export const adminCreateCardType = endpoint('POST /api/admin/cards/types', 'admin', {
  body: z.strictObject(cardTypeFields).check(z.refine(feeWithinPrice, { message: 'platform fee + obtainable must not exceed 10000' })),
  response: adminCardType,
});

/** Edits any field (the rest stay); `active: false` hides the type. Changes apply to listings made afterwards. Audited. */
export const adminUpdateCardType = endpoint('POST /api/admin/cards/types/:id', 'admin', {
  params: serialIdParams,
  body: z
    .strictObject({
      name: z.optional(cardName),
      names: z.optional(z.partialRecord(languageCode, cardName)),
      image: cardTypeFields.image,
      start_price: z.optional(cardPrice),
      price_step_bp: z.optional(stepBasisPoints),
      fuel_fee_bp: z.optional(basisPoints),
      trade_points: z.optional(nonNegativeAmount),
      hold_days: z.optional(days),
      list_window_days: z.optional(days.check(z.gte(1))),
      platform_fee_bp: z.optional(basisPoints),
      obtainable_bp: z.optional(basisPoints),
      renewal_fee_bp: z.optional(basisPoints),
      per_user_cap: z.optional(perUserCap),
      active: z.optional(z.boolean()),
      sort: z.optional(z.int().check(z.gte(-1_000_000)).check(z.lte(1_000_000))),
    })
    .check(z.refine(feeWithinPrice, { message: 'platform fee + obtainable must not exceed 10000' })),
  response: adminCardType,
});

/** A session as operators see it: the stored state (`scheduled | open | closed | cancelled`) beside the clock's view. */
export const adminCardSession = z.extend(cardSession, {
  stored_state: z.enum(['scheduled', 'open', 'closed', 'cancelled']),
  schedule_id: z.nullable(z.int()),
  opened_at: z.nullable(isoTime),
  closed_at: z.nullable(isoTime),
  created_at: isoTime,
});
export type AdminCardSession = z.infer<typeof adminCardSession>;

export const adminListSessions = endpoint('GET /api/admin/cards/sessions', 'admin', {
  query: z.extend(pageQuery, { type: z.optional(serialIdParam), state: z.optional(z.enum(['scheduled', 'open', 'closed', 'cancelled'])) }),
  response: z.extend(pagedList(adminCardSession), { now: isoTime }),
});

/** Creates a session (sessions of one type may not overlap: CARD_SESSION_OVERLAP). Audited. */
export const adminCreateSession = endpoint('POST /api/admin/cards/sessions', 'admin', {
  body: z
    .strictObject({ card_type_id: serialId, opens_at: instant, closes_at: instant, stock, per_user_cap: z.optional(perUserCap) })
    .check(z.refine((b) => Date.parse(b.closes_at) > Date.parse(b.opens_at), { message: 'closes_at must be after opens_at' })),
  response: adminCardSession,
});

/**
 * Edits a session that has not closed: times (opens_at only before it opens), stock (not below sold), cap, or
 * `cancelled: true` before it opens. CARD_SESSION_CLOSED / CARD_SESSION_STARTED / CARD_STOCK_BELOW_SOLD. Audited.
 */
export const adminUpdateSession = endpoint('POST /api/admin/cards/sessions/:id', 'admin', {
  params: serialIdParams,
  body: z.strictObject({
    opens_at: z.optional(instant),
    closes_at: z.optional(instant),
    stock: z.optional(stock),
    per_user_cap: z.optional(perUserCap),
    cancelled: z.optional(z.literal(true)),
  }),
  response: adminCardSession,
});

/** Opens a scheduled session now (its opens_at becomes now) and runs the opening work. Audited. */
export const adminOpenSession = endpoint('POST /api/admin/cards/sessions/:id/open', 'admin', {
  params: serialIdParams,
  response: adminCardSession,
});

/** Closes an open (or scheduled) session now (closes_at becomes now) and releases its waiting orders. Audited. */
export const adminCloseSession = endpoint('POST /api/admin/cards/sessions/:id/close', 'admin', {
  params: serialIdParams,
  response: adminCardSession,
});

export const cardSchedule = z.object({
  id: z.int(),
  card_type_id: z.int(),
  /** ISO weekdays (1 = Monday … 7 = Sunday), UTC. */
  weekdays: z.array(z.int()),
  /** Opening time, minutes after midnight UTC. */
  open_minute: z.int(),
  duration_minutes: z.int(),
  stock: z.int(),
  per_user_cap: z.int(),
  active: z.boolean(),
  materialised_until: z.nullable(isoTime),
  created_at: isoTime,
});
export type CardSchedule = z.infer<typeof cardSchedule>;

const scheduleFields = {
  weekdays: z
    .array(z.int().check(z.gte(1)).check(z.lte(7)))
    .check(z.minLength(1))
    .check(z.maxLength(7))
    .check(z.refine((d) => new Set(d).size === d.length, { message: 'each weekday once' })),
  open_minute: z.int().check(z.gte(0)).check(z.lte(1439)),
  duration_minutes: z.int().check(z.gte(1)).check(z.lte(1440)),
  stock,
  per_user_cap: z.optional(perUserCap),
};

export const adminListSchedules = endpoint('GET /api/admin/cards/schedules', 'admin', {
  response: z.object({ list: z.array(cardSchedule) }),
});

/** A weekly schedule; its sessions are written ahead by a periodic job (and at once for the coming week). Audited. */
export const adminCreateSchedule = endpoint('POST /api/admin/cards/schedules', 'admin', {
  body: z.strictObject({ card_type_id: serialId, ...scheduleFields }),
  response: cardSchedule,
});

/** Edits a schedule (sessions already written keep their times) or stops it (`active: false`). Audited. */
export const adminUpdateSchedule = endpoint('POST /api/admin/cards/schedules/:id', 'admin', {
  params: serialIdParams,
  body: z.strictObject({
    weekdays: z.optional(scheduleFields.weekdays),
    open_minute: z.optional(scheduleFields.open_minute),
    duration_minutes: z.optional(scheduleFields.duration_minutes),
    stock: z.optional(stock),
    per_user_cap: z.optional(perUserCap),
    active: z.optional(z.boolean()),
  }),
  response: cardSchedule,
});

export const adminGetSplitDefault = endpoint('GET /api/admin/cards/split', 'admin', { response: splitSettings });

/** The platform's default split rule (cards of users with no leader above them). Audited. */
export const adminSetSplitDefault = endpoint('POST /api/admin/cards/split', 'admin', {
  body: splitSettingsInput,
  response: splitSettings,
});

/** Flags or unflags a user as a community leader (issue 13 builds the rest of leadership). Audited. */
export const adminSetLeader = endpoint('POST /api/admin/cards/leaders/:id', 'admin', {
  roles: ['administrator'],
  params: serialIdParams,
  body: z.strictObject({ leader: z.boolean() }),
  response: z.object({ uid, leader: z.boolean() }),
});

export const adminCardOrder = z.extend(cardOrder, { buyer: uid, cancelled_by: z.nullable(uid) });

export const adminListOrders = endpoint('GET /api/admin/cards/orders', 'admin', {
  query: z.extend(pageQuery, {
    state: z.optional(orderState),
    type: z.optional(serialIdParam),
    session: z.optional(serialIdParam),
    uid: z.optional(serialIdParam),
  }),
  response: pagedList(adminCardOrder),
});

export const adminCardMatch = z.object({
  id: z.int(),
  listing_id: z.int(),
  order_id: z.int(),
  card_id: z.int(),
  card_type_id: z.int(),
  session_id: z.int(),
  seller: uid,
  buyer: uid,
  price: amountString,
  platform_fee: amountString,
  seller_obtained: amountString,
  fuel_fee: amountString,
  trade_points: amountString,
  entry_id: z.int(),
  created_at: isoTime,
});

export const adminListMatches = endpoint('GET /api/admin/cards/matches', 'admin', {
  query: z.extend(pageQuery, { type: z.optional(serialIdParam), session: z.optional(serialIdParam), uid: z.optional(serialIdParam) }),
  response: pagedList(adminCardMatch),
});

/** Cancels a waiting order and refunds its reservation in full (CARD_ORDER_NOT_CANCELLABLE once matched or ended). Audited. */
export const adminCancelOrder = endpoint('POST /api/admin/cards/orders/:id/cancel', 'admin', {
  params: idParams,
  body: z.strictObject({ reason: freeText(200) }),
  response: adminCardOrder,
});
