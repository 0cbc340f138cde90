/** The cards contract's shared views: sessions, card-type rules, a held card and its history. */
import * as z from 'zod/mini';
import { amountString, isoTime, uid } from '../common.js';

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
