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
import { amountString, endpoint, idParams, isoTime, pagedList, pageQuery, serialIdParams } from '../common.js';
import { cardHistoryLine, cardSession, cardTypeRules, myCard, myCardState, starterCardType } from './cards-views.js';

export { cardPrice } from './cards-fields.js';
export * from './cards-views.js';
export * from './cards-market.js';
export * from './cards-admin.js';

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
export const listingPreview = z.object({
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

export const getListingPreview = endpoint('GET /api/project/card/hanging/:id', 'user', {
  params: idParams,
  response: listingPreview,
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
export const listCard = endpoint('POST /api/project/card/hanging/:id', 'user', { params: idParams, response: mySale });

/**
 * Takes the caller's live listing of card `id` off the market, back to the warehouse (decision 060); the answer is
 * the ended listing (outcome `withdrawn`). Refusals: NOT_FOUND (not the caller's card), CARD_NOT_LISTED (not on
 * sale), CARD_ALREADY_MATCHED (a buyer got it first: a match is never undone).
 */
export const withdrawListing = endpoint('DELETE /api/project/card/hanging/:id', 'user', {
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
