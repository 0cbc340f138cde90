/**
 * Cards (issue 11; decisions 050–054): starter cards sold from the platform's stock during a session, the card
 * market (listings, buy orders, matching), renewal, auto-sell and the leaders' order-split settings.
 *
 * Prices are RUSD amounts (exact decimal strings, 8 places); fuel fees are fuel points (`fuel`), trading points
 * `trade`. Rates are basis points (10000 = 100 %). Times are UTC ISO strings; every answer that drives a countdown
 * carries the server's business time `now`, so a page counts down against the server's clock, not the phone's.
 *
 * Someone else's card, listing or order id is NOT_FOUND, exactly as an id that does not exist.
 */
import * as z from 'zod/mini';
import { LANGUAGES } from '../languages.js';
import { fromUnits, MAX_REQUEST_INTEGER_DIGITS, normalizeAmount, toUnits } from '../money.js';
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

const instant = z.iso.datetime({ offset: true });
/** Basis points of a price: 0..10000. */
const basisPoints = z.int().check(z.gte(0)).check(z.lte(10_000));
/** The price step may exceed 100 % (a card that doubles per resale): up to 1000 %. */
const stepBasisPoints = z.int().check(z.gte(0)).check(z.lte(100_000));
const days = z.int().check(z.gte(0)).check(z.lte(3650));
const perUserCap = z.int().check(z.gte(1)).check(z.lte(1_000_000));
const stock = z.int().check(z.gte(0)).check(z.lte(10_000_000));
/**
 * A card price in a request: RUSD in whole cents (at most 2 decimals; card prices move in cents, decision 053),
 * greater than zero, below 10^18; parsed to the 8-place spelling like every amount.
 */
export const cardPrice = z.pipe(
  z
    .string()
    .check(z.maxLength(MAX_REQUEST_INTEGER_DIGITS + 3))
    .check(z.regex(new RegExp(`^\\d{1,${MAX_REQUEST_INTEGER_DIGITS}}(\\.\\d{1,2})?$`)))
    .check(z.refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' })),
  z.transform(normalizeAmount),
);

/** An amount's units, 0 for one that failed its own field check (see `notAbove`). */
function toUnitsOrZero(a: string): bigint {
  try {
    return toUnits(a);
  } catch {
    return 0n;
  }
}
/**
 * a ≤ b for two request amounts. An object's refinement also runs when a field already failed its own check;
 * then the field's error is the one that counts, so an unreadable amount passes here.
 */
function notAbove(a: string, b: string): boolean {
  try {
    return toUnits(a) <= toUnits(b);
  } catch {
    return true;
  }
}
// ───────────────────────────── shared views ─────────────────────────────

/**
 * A session as users see it. `state` is derived from the server clock and the operators' actions:
 * `not_started` before `opens_at`, `open` in the window, `closed` after it (or when an operator closed it).
 */
export const SESSION_STATES = ['not_started', 'open', 'closed'] as const;
export const sessionState = z.enum(SESSION_STATES);

export const cardSession = z.object({
  id: z.int(),
  card_type_id: z.int(),
  opens_at: isoTime,
  closes_at: isoTime,
  state: sessionState,
  /** Starter cards on offer, sold, and left (stock − sold). */
  stock: z.int(),
  sold: z.int(),
  left: z.int(),
  per_user_cap: z.int(),
});
export type CardSession = z.infer<typeof cardSession>;

/** The rules of a card type, as every page that shows one needs them. */
export const cardTypeRules = z.object({
  id: z.int(),
  /** In the request's language (falls back to the operator's default name). */
  name: z.string(),
  /** Upload address, or '' for the default art. */
  image: z.string(),
  currency: z.literal('rusd'),
  start_price: amountString,
  price_step_bp: z.int(),
  /** Fuel points per purchase = price × fuel_fee_bp / 10000. */
  fuel_fee_bp: z.int(),
  /** Trading points a market purchase consumes. */
  trade_points: amountString,
  hold_days: z.int(),
  list_window_days: z.int(),
  platform_fee_bp: z.int(),
  obtainable_bp: z.int(),
  renewal_fee_bp: z.int(),
});
export type CardTypeRules = z.infer<typeof cardTypeRules>;

/** A starter card type on cards/index and cards/details. */
export const starterCardType = z.extend(cardTypeRules, {
  /** Fuel points a starter card costs (start price × fuel_fee_bp). */
  fuel_fee: amountString,
  /** The open session, else the next one; null when none is scheduled. */
  session: z.nullable(cardSession),
  /** Starter cards the caller bought in that session (0 without a session). */
  bought_by_me: z.int(),
});
export type StarterCardType = z.infer<typeof starterCardType>;

/**
 * The state of a card for its owner: `warehouse` (held), `listed` (on sale, matching), `sold` (completed: sold
 * by the caller; the row shows the sale), `split` (replaced by its pieces).
 */
export const MY_CARD_STATES = ['warehouse', 'listed', 'sold', 'split'] as const;
export const myCardState = z.enum(MY_CARD_STATES);

export const myCard = z.object({
  id: z.int(),
  card_type_id: z.int(),
  name: z.string(),
  image: z.string(),
  state: myCardState,
  /** The card's current value (for a sold card: the price it was sold at). */
  price: amountString,
  purchase_price: amountString,
  purchased_at: isoTime,
  /** Fuel points the caller paid with the purchase. */
  fuel_fee: amountString,
  /** The sale (match) price and time: set when the caller sold it. */
  match_price: z.nullable(amountString),
  matched_at: z.nullable(isoTime),
  /** RUSD the caller obtains (obtained, once sold) by selling at the next step price. */
  obtainable: amountString,
  /** The next step price a listing would ask. */
  next_price: amountString,
  hold_until: isoTime,
  list_by: isoTime,
  auto_sell: z.boolean(),
  /** The session weekday the card was bought in, as the ISO weekday (1 = Monday … 7 = Sunday, UTC); null for split pieces. */
  session_weekday: z.nullable(z.int()),
  /** The live listing while listed. */
  listing_id: z.nullable(z.int()),
  /** At the server's time: it may be listed now (in the warehouse, holding time over). */
  listable: z.boolean(),
  /** It may be renewed now (in the warehouse, holding time over, before list_by). */
  renewable: z.boolean(),
});
export type MyCard = z.infer<typeof myCard>;

export const CARD_HISTORY_EVENTS = [
  'bought',
  'listed',
  'auto_listed',
  'withdrawn',
  'sold',
  'matched',
  'split',
  'split_from',
  'renewed',
  'auto_sell_on',
  'auto_sell_off',
] as const;
export const cardHistoryEvent = z.enum(CARD_HISTORY_EVENTS);

/** One line of a card's history. Owners other than the caller are anonymised: `owner` is null, `owner_label` a masked tag. */
export const cardHistoryLine = z.object({
  id: z.int(),
  event: cardHistoryEvent,
  price: amountString,
  /** The caller's own uid when the line is about the caller; null for anyone else. */
  owner: z.nullable(uid),
  /** 'you' for the caller, otherwise a stable anonymous tag for that owner on this card ("#1", "#2", …). */
  owner_label: z.string(),
  created_at: isoTime,
});
export type CardHistoryLine = z.infer<typeof cardHistoryLine>;

// ───────────────────────────── clock and starter cards (cards/…) ─────────────────────────────

/** The server's business time and each active type's current or next session: what countdowns tick against. */
export const getSessionClock = endpoint('GET /api/project/card/session', 'none', {
  response: z.object({ now: isoTime, sessions: z.array(cardSession) }),
});

/** cards/index: active card types with their current or next session, stock left and the caller's purchases. */
export const listCardTypes = endpoint('GET /api/project/card', 'user', {
  response: z.object({ now: isoTime, list: z.array(starterCardType) }),
});

/** cards/details: one active card type. */
export const getCardType = endpoint('GET /api/project/card/:id', 'user', {
  params: serialIdParams,
  response: z.extend(starterCardType, { now: isoTime }),
});

/**
 * Buys one starter card of type `id` from the open session's stock (Idempotency-Key header). Price in RUSD and
 * fuel fee in fuel points in one journal entry. Refusals: CARD_SESSION_NOT_OPEN, CARD_SOLD_OUT,
 * CARD_LIMIT_REACHED, INSUFFICIENT_RUSD (the page offers the RUSD charge), INSUFFICIENT_FUEL, NOT_FOUND.
 */
export const buyStarterCard = endpoint('POST /api/project/card/:id', 'user', {
  params: serialIdParams,
  response: z.object({
    card: myCard,
    entry_id: z.int(),
    session_id: z.int(),
    /** The caller's balances after the purchase. */
    balance_rusd: amountString,
    balance_fuel: amountString,
  }),
});

export const myCardsQuery = z.extend(pageQuery, { state: z.optional(myCardState) });

/** The caller's cards, newest first: held, listed, and sold ones (with the sale). */
export const listMyCards = endpoint('GET /api/project/card/my', 'user', {
  query: myCardsQuery,
  response: z.extend(pagedList(myCard), { now: isoTime }),
});

/** cards/details of one card the caller owns or owned: the card and its whole history (oldest first). */
export const getMyCard = endpoint('GET /api/project/card/my/:id', 'user', {
  params: idParams,
  response: z.object({ now: isoTime, card: myCard, rules: cardTypeRules, history: z.array(cardHistoryLine) }),
});

// ───────────────────────────── selling (trading/sell, trading/set) ─────────────────────────────

/** The selling states of spec §4: `not_started` (listed, no session open), `on_sale` (session open), `ended` (sold or withdrawn). */
export const SALE_STATES = ['not_started', 'on_sale', 'ended'] as const;
export const saleState = z.enum(SALE_STATES);

/** What listing a card would do (trading/sell before the button). */
export const hangingPreview = z.object({
  card_id: z.int(),
  card_type_id: z.int(),
  /** The card's current price, and the listing price (× (1 + step)). */
  price: amountString,
  list_price: amountString,
  platform_fee: amountString,
  /** RUSD the seller obtains when it sells. */
  obtainable: amountString,
  platform_fee_bp: z.int(),
  obtainable_bp: z.int(),
  hold_until: isoTime,
  list_by: isoTime,
  /** Whether a POST would list it now; otherwise the refusal it would get (CARD_HOLDING, CARD_ALREADY_LISTED, CARD_NOT_IN_WAREHOUSE). */
  listable: z.boolean(),
  refusal: z.nullable(z.enum(['CARD_HOLDING', 'CARD_ALREADY_LISTED', 'CARD_NOT_IN_WAREHOUSE'])),
  /** The type's open session, else its next one. */
  session: z.nullable(cardSession),
  now: isoTime,
});

export const getHanging = endpoint('GET /api/project/card/hanging/:id', 'user', {
  params: idParams,
  response: hangingPreview,
});

/** A listing as its seller sees it (mySale) and as the listing answer returns it. */
export const mySale = z.object({
  listing_id: z.int(),
  card_id: z.int(),
  card_type_id: z.int(),
  name: z.string(),
  image: z.string(),
  card_price: amountString,
  price: amountString,
  platform_fee: amountString,
  obtainable: amountString,
  auto: z.boolean(),
  state: saleState,
  /** How an ended listing ended. */
  outcome: z.nullable(z.enum(['sold', 'withdrawn'])),
  listed_at: isoTime,
  ended_at: z.nullable(isoTime),
  /** The match, once sold. */
  match_id: z.nullable(z.int()),
});
export type MySale = z.infer<typeof mySale>;

/** Lists a card (holding time over, in the warehouse, not listed) at its next step price. */
export const postHanging = endpoint('POST /api/project/card/hanging/:id', 'user', { params: idParams, response: mySale });

/**
 * Takes the caller's live listing of card `id` off the market, back to the warehouse (decision 060); the answer is
 * the ended listing (outcome `withdrawn`). Refusals: NOT_FOUND (not the caller's card), CARD_NOT_LISTED (not on
 * sale), CARD_ALREADY_MATCHED (a buyer got it first: a match is never undone).
 */
export const withdrawHanging = endpoint('DELETE /api/project/card/hanging/:id', 'user', {
  params: idParams,
  response: mySale,
});

/** The caller's listings, newest first (spec: in progress / not started / on sale / ended). */
export const listMySales = endpoint('GET /api/project/card/mySale', 'user', {
  query: z.extend(pageQuery, { state: z.optional(saleState) }),
  response: pagedList(mySale),
});

/** Auto-sell on or off: an auto-sell card is listed at the first session opening after its holding time. */
export const setAutoSell = endpoint('POST /api/project/card/auto/:id', 'user', {
  params: idParams,
  body: z.strictObject({ auto: z.boolean() }),
  response: z.object({ card_id: z.int(), auto_sell: z.boolean() }),
});

// ───────────────────────────── the market (trading/index, details, order, record) ─────────────────────────────

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

// ───────────────────────────── operators (/api/admin/cards/…) ─────────────────────────────

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
