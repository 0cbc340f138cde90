/** Business events of the cards (issue 11, decisions 050–054). */
import * as z from 'zod/mini';
import { amountString, uid } from '../common.js';
import { id, moneyEvent } from './fields.js';

// ───── cards (issue 11, decisions 050–054); amounts in RUSD unless named fuel / trade ─────

/** A starter card bought from a session's stock: price (RUSD, to `cards`) and fuel fee (fuel, to `burned`) in one entry. */
export const cardBought = moneyEvent('card.bought', {
  card_id: id,
  card_type_id: id,
  session_id: id,
  price: amountString,
  fuel_fee: amountString,
});

/** A card put on sale; `auto` when listed by auto-sell or its listing deadline at a session's opening. */
export const cardListed = z.object({
  type: z.literal('card.listed'),
  /** The seller. */
  user_id: uid,
  card_id: id,
  listing_id: id,
  card_type_id: id,
  price: amountString,
  auto: z.boolean(),
});

/** A buy order placed: its reservation moved to `cards_escrow` (entry_id). */
export const cardOrderPlaced = moneyEvent('card.order_placed', {
  order_id: id,
  card_type_id: id,
  session_id: id,
  min_price: amountString,
  max_price: amountString,
  reserved_rusd: amountString,
  reserved_fuel: amountString,
  reserved_trade: amountString,
});

/** A listing sold to an order in one entry. `user_id` is the buyer. */
export const cardMatched = moneyEvent('card.matched', {
  match_id: id,
  order_id: id,
  listing_id: id,
  card_id: id,
  card_type_id: id,
  session_id: id,
  seller_id: uid,
  price: amountString,
  platform_fee: amountString,
  seller_obtained: amountString,
  fuel_fee: amountString,
  trade_points: amountString,
});

/** An order's reservation returned in full: at the session's end, or cancelled by an operator (`operator_id`). */
export const cardOrderReleased = moneyEvent('card.order_released', {
  order_id: id,
  reason: z.enum(['session_closed', 'cancelled']),
  operator_id: z.nullable(uid),
  rusd: amountString,
  fuel: amountString,
  trade: amountString,
});

/** A card split after a sale (journal-neutral: no entry). `user_id` is the owner; the pieces' prices sum to `price`. */
export const cardSplit = z.object({
  type: z.literal('card.split'),
  user_id: uid,
  card_id: id,
  price: amountString,
  mode: z.enum(['full', 'auto']),
  /** The leader whose rule applied; null for the platform default. */
  leader_id: z.nullable(uid),
  pieces: z.array(z.object({ card_id: id, price: amountString })),
});

/** A renewal: fee (RUSD, to `fees`) paid, listing deadline moved; a free renewal (fee 0) has no entry. */
export const cardRenewed = z.object({
  type: z.literal('card.renewed'),
  user_id: uid,
  entry_id: z.nullable(id),
  card_id: id,
  fee: amountString,
  list_by: z.string(),
});

/** The owner turned auto-sell on or off. */
/** The seller took a listing off the market before it matched (decision 060): the card is back in the warehouse. */
export const cardWithdrawn = z.object({ type: z.literal('card.withdrawn'), user_id: uid, card_id: id, listing_id: id, card_type_id: id });

export const cardAutoSet = z.object({ type: z.literal('card.auto_set'), user_id: uid, card_id: id, auto_sell: z.boolean() });

/** A leader set their team's split rule (operators' changes are `card.admin_changed`). */
export const cardSplitSettingsSet = z.object({
  type: z.literal('card.split_settings_set'),
  user_id: uid,
  mode: z.enum(['none', 'full', 'auto']),
  threshold: z.nullable(amountString),
  amount: z.nullable(amountString),
});

/**
 * An operator's change to the cards setup (decision 050): the audit of who changed what, with the row before and
 * after. `user_id` is the operator; `target_id` the row (a user's uid for `leader`).
 */
export const cardAdminChanged = z.object({
  type: z.literal('card.admin_changed'),
  user_id: uid,
  target: z.enum(['card_type', 'session', 'schedule', 'split_default', 'leader', 'order']),
  target_id: z.nullable(id),
  action: z.enum(['create', 'update', 'open', 'close', 'cancel']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});

/** This area's events, in the order the union lists them. */
export const CARD_EVENTS = [
  cardBought,
  cardListed,
  cardOrderPlaced,
  cardMatched,
  cardOrderReleased,
  cardSplit,
  cardRenewed,
  cardAutoSet,
  cardWithdrawn,
  cardSplitSettingsSet,
  cardAdminChanged,
] as const;
