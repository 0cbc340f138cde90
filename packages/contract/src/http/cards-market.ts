/** The cards contract's market (trading/index, details, order, record), renewal and order-split endpoints. */
import * as z from 'zod/mini';
import { fromUnits } from '../money.js';
import { amountString, endpoint, idParams, isoTime, pagedList, pageQuery, serialId, serialIdParam, uid } from '../common.js';
import { cardPrice, notAbove, toUnitsOrZero } from './cards-fields.js';
import { cardSession, cardTypeRules } from './cards-views.js';

/** A listing on the market list (the seller's uid is shown: spec, search by seller ID). */
export const marketListing = z.object({
  listing_id: z.int(),
  card_id: z.int(),
  card_type_id: z.int(),
  name: z.string(),
  image: z.string(),
  seller: uid,
  price: amountString,
  /** What a buyer pays on top: fuel points and trading points. */
  fuel_fee: amountString,
  trade_points: amountString,
  listed_at: isoTime,
});
export type MarketListing = z.infer<typeof marketListing>;

export const marketQuery = z.extend(pageQuery, {
  type: z.optional(serialIdParam),
  min_price: z.optional(cardPrice),
  max_price: z.optional(cardPrice),
  /** Only this seller's listings. */
  seller: z.optional(serialIdParam),
});

/** trading/index: live listings, oldest first, within an optional price band and seller. Includes the session clock. */
export const listMarket = endpoint('GET /api/project/card/market', 'user', {
  query: marketQuery.check(
    z.refine((q) => q.min_price === undefined || q.max_price === undefined || notAbove(q.min_price, q.max_price), {
      message: 'min_price must not exceed max_price',
    }),
  ),
  response: z.extend(pagedList(marketListing), { now: isoTime, sessions: z.array(cardSession) }),
});

/** trading/details: one live listing (an ended or unknown one is NOT_FOUND). */
export const getMarketListing = endpoint('GET /api/project/card/market/:id', 'user', {
  params: idParams,
  response: z.extend(marketListing, { rules: cardTypeRules, session: z.nullable(cardSession), now: isoTime }),
});

/**
 * A buy order: `waiting` (to be matched) → `completed`, or `released` (session ended) / `cancelled` (operator).
 * There is no `matching` in between to report: a match is one transaction, so no reader ever sees an order half
 * matched (decision 060); on the seller's side a listed card is the spec's "matching".
 */
export const ORDER_STATES = ['waiting', 'completed', 'released', 'cancelled'] as const;
export const orderState = z.enum(ORDER_STATES);

export const cardOrder = z.object({
  id: z.int(),
  card_type_id: z.int(),
  name: z.string(),
  session_id: z.int(),
  min_price: amountString,
  max_price: amountString,
  reserved_rusd: amountString,
  reserved_fuel: amountString,
  reserved_trade: amountString,
  /** waiting = to be matched, completed; released (session ended) or cancelled (operator): refunded in full. */
  state: orderState,
  match_id: z.nullable(z.int()),
  card_id: z.nullable(z.int()),
  /** The price paid, once completed. */
  price: z.nullable(amountString),
  created_at: isoTime,
  ended_at: z.nullable(isoTime),
});
export type CardOrder = z.infer<typeof cardOrder>;

/**
 * Places a buy order for one card of a type within [min_price, max_price] during its open session
 * (Idempotency-Key header). Reserves max_price RUSD + the fuel fee at max_price + the type's trading points in one
 * entry; matched at once when a listing fits. Refusals: CARD_SESSION_NOT_OPEN, INSUFFICIENT_RUSD, INSUFFICIENT_FUEL,
 * INSUFFICIENT_TRADE, CARD_ORDER_LIMIT_REACHED, NOT_FOUND.
 */
export const placeOrder = endpoint('POST /api/project/card/order', 'user', {
  body: z
    .strictObject({ card_type_id: serialId, min_price: cardPrice, max_price: cardPrice })
    .check(z.refine((b) => notAbove(b.min_price, b.max_price), { message: 'min_price must not exceed max_price' })),
  response: z.extend(cardOrder, { balance_rusd: amountString }),
});

/** The caller's buy orders, newest first. */
export const listMyOrders = endpoint('GET /api/project/card/order', 'user', {
  query: z.extend(pageQuery, { state: z.optional(orderState) }),
  response: pagedList(cardOrder),
});

/** One match as either side sees it. */
export const tradeRecord = z.object({
  match_id: z.int(),
  side: z.enum(['buy', 'sell']),
  card_id: z.int(),
  card_type_id: z.int(),
  name: z.string(),
  price: amountString,
  /** For the seller: the platform fee and what they obtained; for the buyer: the fuel and trading points paid. */
  platform_fee: amountString,
  seller_obtained: amountString,
  fuel_fee: amountString,
  trade_points: amountString,
  /** The other side's uid. */
  counterparty: uid,
  created_at: isoTime,
});
export type TradeRecord = z.infer<typeof tradeRecord>;

/** trading/record: every match the caller was part of, newest first. */
export const listTradeRecord = endpoint('GET /api/project/card/record', 'user', {
  query: z.extend(pageQuery, { side: z.optional(z.enum(['buy', 'sell'])) }),
  response: pagedList(tradeRecord),
});

// ───────────────────────────── renewal (trading/renewal) ─────────────────────────────

export const renewalPreview = z.object({
  card_id: z.int(),
  price: amountString,
  fee: amountString,
  renewal_fee_bp: z.int(),
  hold_until: isoTime,
  list_by: isoTime,
  /** The deadline after a renewal. */
  new_list_by: isoTime,
  renewable: z.boolean(),
  /** Why not: CARD_HOLDING (holding time not over), CARD_NOT_IN_WAREHOUSE (listed, sold or split), CARD_RENEWAL_EXPIRED (past list_by). */
  refusal: z.nullable(z.enum(['CARD_HOLDING', 'CARD_NOT_IN_WAREHOUSE', 'CARD_RENEWAL_EXPIRED'])),
  now: isoTime,
});

export const getRenewal = endpoint('GET /api/project/card/renewal/:id', 'user', {
  params: idParams,
  response: renewalPreview,
});

/** Renews a card for its fee (RUSD; Idempotency-Key header): its listing deadline moves one window later. */
export const renewCard = endpoint('POST /api/project/card/renewal/:id', 'user', {
  params: idParams,
  /** `entry_id` is null for a free renewal (a zero fee moves no money). */
  response: z.object({ card_id: z.int(), fee: amountString, list_by: isoTime, entry_id: z.nullable(z.int()), balance_rusd: amountString }),
});

// ───────────────────────────── order-split (trading/set, community/set) ─────────────────────────────

export const SPLIT_MODES = ['none', 'full', 'auto'] as const;
export const splitMode = z.enum(SPLIT_MODES);

export const splitSettings = z.object({
  mode: splitMode,
  /** A card whose price reaches this after a sale is split; null for 'none'. */
  threshold: z.nullable(amountString),
  /** The price of each piece for 'auto'; null otherwise ('full' splits into pieces of the type's start price). */
  amount: z.nullable(amountString),
});
export type SplitSettings = z.infer<typeof splitSettings>;

/** What a leader or an operator sends: a threshold is required to split, an amount for 'auto' (threshold ≥ 2 × amount, so a split makes at least two pieces). */
export const splitSettingsInput = z.strictObject({ mode: splitMode, threshold: z.optional(cardPrice), amount: z.optional(cardPrice) }).check(
  z.refine((s) => s.mode === 'none' || s.threshold !== undefined, { message: 'a threshold is required to split', path: ['threshold'] }),
  z.refine((s) => (s.mode === 'auto') === (s.amount !== undefined), { message: 'an amount is required for auto, and only for auto', path: ['amount'] }),
  z.refine((s) => s.amount === undefined || s.threshold === undefined || notAbove(fromUnits(toUnitsOrZero(s.amount) * 2n), s.threshold), {
    message: 'a threshold of at least two pieces is required',
    path: ['amount'],
  }),
);

/**
 * The caller's split settings page: whether they are a leader, their own rule (null until set) and the rule their
 * cards follow now (their nearest leader's, else the platform default).
 */
export const getSplitSettings = endpoint('GET /api/project/card/split', 'user', {
  response: z.object({ leader: z.boolean(), settings: z.nullable(splitSettings), effective: splitSettings, platform_default: splitSettings }),
});

/** A leader sets the rule for their team; anyone else is refused with NOT_LEADER. */
export const setSplitSettings = endpoint('POST /api/project/card/split', 'user', {
  body: splitSettingsInput,
  response: splitSettings,
});
