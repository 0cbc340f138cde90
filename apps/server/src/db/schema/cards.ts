import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, exactAmount, serialId, timestamptz } from './columns.js';
import { journalEntries } from './ledger.js';
import { userRef, users } from './users.js';

/**
 * Cards (issue 11, decisions 050–054): an appreciating card sold first from the platform's stock during a
 * session (starter cards), then resold between users on the market in later sessions. Every rate is in basis
 * points of a price (10000 = 100 %); every amount is an exact decimal with 8 places; every time is UTC.
 */

/** Basis points: 0..10000. */
const bp = (name: string) => integer(name).notNull();

/** References the tables below repeat (each call a new builder: Drizzle binds a builder to one table). */
const cardTypeRef = () =>
  integer('card_type_id')
    .notNull()
    .references(() => cardTypes.id);
const sessionRef = () =>
  integer('session_id')
    .notNull()
    .references(() => cardSessions.id);
const cardRef = () =>
  bigint('card_id', { mode: 'number' })
    .notNull()
    .references(() => cards.id);
const entryRef = (name: string) => bigint(name, { mode: 'number' }).references(() => journalEntries.id);

/** A kind of card, as operators define it. Never deleted: cards refer to it; `active = false` hides it. */
export const cardTypes = pgTable(
  'card_types',
  {
    id: serialId(),
    /** The name shown when `names` has none for the reader's language. */
    name: text('name').notNull(),
    /** Per-language names (`{ "en": "…", "zh-TW": "…" }`); languages left out fall back to `name`. */
    names: jsonb('names').notNull().default({}),
    /** An upload address (`/uploads/<sha256>.<ext>`) or an empty string for the default art. */
    image: text('image').notNull().default(''),
    /** The asset the price is paid in; RUSD is the only one the rules are written for. */
    currency: text('currency').notNull().default('rusd'),
    /** Price of a starter card. */
    startPrice: exactAmount('start_price').notNull(),
    /** Each resale lists the card at price × (1 + step). */
    priceStepBp: bp('price_step_bp'),
    /** Fuel points a purchase (starter or market) costs, as a rate of the price paid. */
    fuelFeeBp: bp('fuel_fee_bp'),
    /** Trading points a market purchase consumes (a fixed amount per purchase; 0 = none). */
    tradePoints: exactAmount('trade_points').notNull().default('0'),
    /** Days a card is held after it is bought before it may be listed. */
    holdDays: integer('hold_days').notNull(),
    /** Days after the holding time in which the owner lists or renews; after them the card is auto-listed. */
    listWindowDays: integer('list_window_days').notNull(),
    /** Platform fee taken from the price of each sale. */
    platformFeeBp: bp('platform_fee_bp'),
    /** What the seller obtains, as a rate of the sale price; at most 10000 − platform fee (the rest stays with the platform). */
    obtainableBp: bp('obtainable_bp'),
    /** Renewal fee, a rate of the card's price; a renewal pushes the listing deadline by `list_window_days`. */
    renewalFeeBp: bp('renewal_fee_bp'),
    /** Starter cards one user may buy in one session (sessions copy it and may override it). */
    perUserCap: integer('per_user_cap').notNull().default(1),
    active: boolean('active').notNull().default(true),
    /** Display order on the cards page (ascending, then id). */
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('card_types_currency', sql`${t.currency} = 'rusd'`),
    check('card_types_start_price_positive', sql`${t.startPrice} > 0`),
    check('card_types_trade_points_nonnegative', sql`${t.tradePoints} >= 0`),
    check(
      'card_types_rates',
      sql`${t.priceStepBp} between 0 and 100000 and ${t.fuelFeeBp} between 0 and 10000 and ${t.platformFeeBp} between 0 and 10000
        and ${t.obtainableBp} between 0 and 10000 and ${t.obtainableBp} + ${t.platformFeeBp} <= 10000 and ${t.renewalFeeBp} between 0 and 10000`,
    ),
    check('card_types_days', sql`${t.holdDays} between 0 and 3650 and ${t.listWindowDays} between 1 and 3650`),
    check('card_types_per_user_cap', sql`${t.perUserCap} between 1 and 1000000`),
  ],
);

/**
 * A weekly schedule: on each weekday in `weekdays` (bit d−1 for ISO weekday d, Monday = 1 … Sunday = 7) a
 * session opens at `open_minute` past midnight UTC and lasts `duration_minutes`. A periodic job writes the
 * sessions of the coming days (`materialised_until`); a session, once written, is edited on its own.
 */
export const cardSchedules = pgTable(
  'card_schedules',
  {
    id: serialId(),
    cardTypeId: cardTypeRef(),
    weekdays: integer('weekdays').notNull(),
    openMinute: integer('open_minute').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Starter cards each session offers (0: a market-only session). */
    stock: integer('stock').notNull(),
    perUserCap: integer('per_user_cap').notNull(),
    active: boolean('active').notNull().default(true),
    /** Sessions opening before this time have been written. */
    materialisedUntil: timestamptz('materialised_until'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_schedules_type_idx').on(t.cardTypeId),
    check('card_schedules_weekdays', sql`${t.weekdays} between 1 and 127`),
    check('card_schedules_open_minute', sql`${t.openMinute} between 0 and 1439`),
    check('card_schedules_duration', sql`${t.durationMinutes} between 1 and 1440`),
    check('card_schedules_stock', sql`${t.stock} >= 0`),
    check('card_schedules_per_user_cap', sql`${t.perUserCap} between 1 and 1000000`),
  ],
);

/**
 * One concrete session of a card type: starter cards are sold and the market trades between `opens_at`
 * (inclusive) and `closes_at` (exclusive). `state` is what the open/close jobs (or an operator) have done;
 * whether a buy may happen is decided by the clock AND the state (a late job never lets a buy through outside
 * the window, decision 051). `sold ≤ stock` is a CHECK: the buy's one conditional UPDATE can never oversell.
 */
export const cardSessions = pgTable(
  'card_sessions',
  {
    id: serialId(),
    cardTypeId: cardTypeRef(),
    scheduleId: integer('schedule_id').references(() => cardSchedules.id),
    opensAt: timestamptz('opens_at').notNull(),
    closesAt: timestamptz('closes_at').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    perUserCap: integer('per_user_cap').notNull(),
    /** scheduled → open → closed, or cancelled before it opened. */
    state: text('state').notNull().default('scheduled'),
    /** When the open / close handler finished (null until then). */
    openedAt: timestamptz('opened_at'),
    closedAt: timestamptz('closed_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Materialising a schedule twice writes each session once.
    uniqueIndex('card_sessions_schedule_opens_key').on(t.scheduleId, t.opensAt),
    // The cards page: the current or next session of each type.
    index('card_sessions_type_closes_idx').on(t.cardTypeId, t.closesAt),
    index('card_sessions_opens_idx').on(t.opensAt),
    check('card_sessions_state', sql`${t.state} in ('scheduled', 'open', 'closed', 'cancelled')`),
    check('card_sessions_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('card_sessions_stock', sql`${t.sold} >= 0 and ${t.sold} <= ${t.stock}`),
    check('card_sessions_per_user_cap', sql`${t.perUserCap} between 1 and 1000000`),
  ],
);

/** Starter cards each user bought in a session: the per-user cap, held by one conditional upsert (row lock). */
export const cardSessionBuyers = pgTable(
  'card_session_buyers',
  {
    sessionId: sessionRef(),
    userId: userRef('user_id'),
    bought: integer('bought').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), check('card_session_buyers_bought_positive', sql`${t.bought} > 0`)],
);

/**
 * A card. It has exactly one owner (a column, not a relation); a market sale moves the same row to the buyer.
 * `warehouse`: held by its owner; `listed`: on sale (its live `card_listings` row); `split`: retired by a split
 * into the cards whose `parent_card_id` is this one (their prices sum to this card's price).
 */
export const cards = pgTable(
  'cards',
  {
    id: bigId(),
    cardTypeId: cardTypeRef(),
    ownerId: userRef('owner_id'),
    /** The card's current value: what its owner paid (or its share after a split). */
    price: exactAmount('price').notNull(),
    /** What the owner paid for it, and when (for a split piece: its price and the split time). */
    purchasePrice: exactAmount('purchase_price').notNull(),
    purchasedAt: timestamptz('purchased_at').notNull(),
    /** Fuel points the owner paid with the purchase (0 for a split piece). */
    fuelFee: exactAmount('fuel_fee').notNull(),
    /** How the owner got it. */
    origin: text('origin').notNull(),
    /** The session in which the owner got it (null for split pieces). */
    sessionId: integer('session_id').references(() => cardSessions.id),
    state: text('state').notNull().default('warehouse'),
    /** May be listed from this time on. */
    holdUntil: timestamptz('hold_until').notNull(),
    /** Auto-listed at the first session opening after this time unless listed or renewed before it. */
    listBy: timestamptz('list_by').notNull(),
    autoSell: boolean('auto_sell').notNull().default(false),
    parentCardId: bigint('parent_card_id', { mode: 'number' }).references((): any => cards.id), // eslint-disable-line @typescript-eslint/no-explicit-any -- self reference needs the loose type
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // My cards, newest first.
    index('cards_owner_idx').on(t.ownerId, t.id.desc()),
    // Session open: cards due for auto-listing (past list_by, or auto-sell and past hold_until) of one type.
    index('cards_warehouse_list_by_idx')
      .on(t.cardTypeId, t.listBy)
      .where(sql`${t.state} = 'warehouse'`),
    index('cards_auto_sell_idx')
      .on(t.cardTypeId, t.holdUntil)
      .where(sql`${t.state} = 'warehouse' and ${t.autoSell}`),
    index('cards_parent_idx')
      .on(t.parentCardId)
      .where(sql`${t.parentCardId} is not null`),
    check('cards_state', sql`${t.state} in ('warehouse', 'listed', 'split')`),
    check('cards_origin', sql`${t.origin} in ('starter', 'market', 'split')`),
    check('cards_amounts', sql`${t.price} > 0 and ${t.purchasePrice} > 0 and ${t.fuelFee} >= 0`),
    check('cards_list_by_after_hold', sql`${t.listBy} >= ${t.holdUntil}`),
    // A piece keeps its parent when it is resold (origin `market` then): a split piece always has one (decision 060).
    check('cards_split_piece_has_parent', sql`${t.origin} <> 'split' or ${t.parentCardId} is not null`),
    check('cards_starter_has_session', sql`${t.origin} = 'split' or ${t.sessionId} is not null`),
  ],
);

/**
 * Everything that happened to a card, one row per event, with the owner after it and the price it carried.
 * Other owners are anonymised when shown (decision 050); the row keeps the truth.
 */
export const cardHistory = pgTable(
  'card_history',
  {
    id: bigId(),
    cardId: cardRef(),
    event: text('event').notNull(),
    /** The owner after the event. */
    ownerId: userRef('owner_id'),
    /** The previous owner on a sale; the parent card's owner on a split piece's `split_from`. */
    counterpartyId: integer('counterparty_id').references(() => users.id),
    price: exactAmount('price').notNull(),
    /** Fuel points the new owner paid, on `bought` and `matched` lines (null elsewhere). */
    fuelFee: exactAmount('fuel_fee'),
    /** The journal entry of the event, when it moved money. */
    entryId: entryRef('entry_id'),
    /** For `split`/`split_from`: the other card of the split (piece or parent). */
    relatedCardId: bigint('related_card_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_history_card_idx').on(t.cardId, t.id),
    // "Did this user ever own the card": the detail page's access check.
    index('card_history_owner_idx').on(t.ownerId, t.cardId),
    check(
      'card_history_event',
      sql`${t.event} in ('bought', 'listed', 'auto_listed', 'withdrawn', 'sold', 'matched', 'split', 'split_from', 'renewed', 'auto_sell_on', 'auto_sell_off')`,
    ),
    check('card_history_price_positive', sql`${t.price} > 0`),
  ],
);

/**
 * A card put on sale. At most one live (`listed`) listing per card; a listing ends `sold` (exactly one match,
 * unique on `card_matches.listing_id`) or `withdrawn`. The prices are fixed when listed.
 */
export const cardListings = pgTable(
  'card_listings',
  {
    id: bigId(),
    cardId: cardRef(),
    cardTypeId: cardTypeRef(),
    sellerId: userRef('seller_id'),
    /** The card's price when listed, and the listing (sale) price = price × (1 + step). */
    cardPrice: exactAmount('card_price').notNull(),
    price: exactAmount('price').notNull(),
    platformFee: exactAmount('platform_fee').notNull(),
    /** RUSD the seller obtains on a sale. */
    obtainable: exactAmount('obtainable').notNull(),
    /** Listed by the auto-sell rule or the listing deadline rather than by the owner. */
    auto: boolean('auto').notNull().default(false),
    state: text('state').notNull().default('listed'),
    listedAt: timestamptz('listed_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    uniqueIndex('card_listings_one_live_per_card')
      .on(t.cardId)
      .where(sql`${t.state} = 'listed'`),
    // Matching and the market list: a type's live listings oldest first, and by price band.
    index('card_listings_live_type_idx')
      .on(t.cardTypeId, t.id)
      .where(sql`${t.state} = 'listed'`),
    index('card_listings_live_price_idx')
      .on(t.cardTypeId, t.price, t.id)
      .where(sql`${t.state} = 'listed'`),
    // Seller uid search on the market list, and mySale.
    index('card_listings_seller_idx').on(t.sellerId, t.id.desc()),
    index('card_listings_card_idx').on(t.cardId),
    check('card_listings_state', sql`${t.state} in ('listed', 'sold', 'withdrawn')`),
    check('card_listings_amounts', sql`${t.cardPrice} > 0 and ${t.price} >= ${t.cardPrice} and ${t.platformFee} >= 0 and ${t.obtainable} >= 0`),
    check('card_listings_obtainable_within_price', sql`${t.platformFee} + ${t.obtainable} <= ${t.price}`),
    check('card_listings_ended', sql`(${t.state} = 'listed') = (${t.endedAt} is null)`),
  ],
);

/**
 * A market buy order: one card of a type within a price band, placed during an open session. Its reservation
 * (max price RUSD + max fuel fee + trading points) sits on the `cards_escrow` system account until a match uses
 * it or the order is released (session end) or cancelled (operator), in full.
 * States: `waiting` (to be matched) → `completed`; or `released` / `cancelled`. The checks still admit `matching`
 * (migration 0017), which nothing writes: a match is one transaction (decision 060).
 */
export const cardOrders = pgTable(
  'card_orders',
  {
    id: bigId(),
    buyerId: userRef('buyer_id'),
    cardTypeId: cardTypeRef(),
    sessionId: sessionRef(),
    minPrice: exactAmount('min_price').notNull(),
    maxPrice: exactAmount('max_price').notNull(),
    reservedRusd: exactAmount('reserved_rusd').notNull(),
    reservedFuel: exactAmount('reserved_fuel').notNull(),
    reservedTrade: exactAmount('reserved_trade').notNull(),
    state: text('state').notNull().default('waiting'),
    /** The reservation's entry, and the entry that released or cancelled it. */
    entryId: entryRef('entry_id').notNull(),
    releaseEntryId: entryRef('release_entry_id'),
    /** The operator who cancelled it. */
    cancelledBy: integer('cancelled_by').references(() => users.id),
    createdAt: createdAt(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    // The engine: a session's waiting orders of a type, oldest first.
    index('card_orders_waiting_idx')
      .on(t.sessionId, t.cardTypeId, t.id)
      .where(sql`${t.state} in ('waiting', 'matching')`),
    index('card_orders_buyer_idx').on(t.buyerId, t.id.desc()),
    index('card_orders_state_idx').on(t.state, t.id.desc()),
    check('card_orders_state', sql`${t.state} in ('waiting', 'matching', 'completed', 'released', 'cancelled')`),
    check('card_orders_band', sql`${t.minPrice} > 0 and ${t.maxPrice} >= ${t.minPrice}`),
    check('card_orders_reserved', sql`${t.reservedRusd} >= ${t.maxPrice} and ${t.reservedFuel} >= 0 and ${t.reservedTrade} >= 0`),
    check('card_orders_ended', sql`(${t.state} in ('waiting', 'matching')) = (${t.endedAt} is null)`),
    check('card_orders_release_entry', sql`(${t.state} in ('released', 'cancelled')) = (${t.releaseEntryId} is not null)`),
  ],
);

/**
 * A match: one listing sold to one order, in one journal entry. Unique on the listing (a listing is sold at
 * most once) and on the order (an order buys one card).
 */
export const cardMatches = pgTable(
  'card_matches',
  {
    id: bigId(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => cardListings.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => cardOrders.id),
    cardId: cardRef(),
    cardTypeId: cardTypeRef(),
    sessionId: sessionRef(),
    sellerId: userRef('seller_id'),
    buyerId: userRef('buyer_id'),
    price: exactAmount('price').notNull(),
    platformFee: exactAmount('platform_fee').notNull(),
    sellerObtained: exactAmount('seller_obtained').notNull(),
    fuelFee: exactAmount('fuel_fee').notNull(),
    tradePoints: exactAmount('trade_points').notNull(),
    entryId: entryRef('entry_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_matches_listing_key').on(t.listingId),
    uniqueIndex('card_matches_order_key').on(t.orderId),
    // The trading record of each side, newest first.
    index('card_matches_seller_idx').on(t.sellerId, t.id.desc()),
    index('card_matches_buyer_idx').on(t.buyerId, t.id.desc()),
    index('card_matches_card_idx').on(t.cardId),
    index('card_matches_session_idx').on(t.sessionId, t.id),
    check('card_matches_two_sides', sql`${t.sellerId} <> ${t.buyerId}`),
    check(
      'card_matches_amounts',
      sql`${t.price} > 0 and ${t.platformFee} >= 0 and ${t.sellerObtained} >= 0 and ${t.platformFee} + ${t.sellerObtained} <= ${t.price}
        and ${t.fuelFee} >= 0 and ${t.tradePoints} >= 0`,
    ),
  ],
);

/**
 * A renewal: the owner paid `fee` to push the listing deadline from `list_by_before` to `list_by_after`. A type with
 * a zero renewal rate (or a fee that truncates to zero) renews for free: no journal entry, `entry_id` null.
 */
export const cardRenewals = pgTable(
  'card_renewals',
  {
    id: bigId(),
    cardId: cardRef(),
    userId: userRef('user_id'),
    fee: exactAmount('fee').notNull(),
    listByBefore: timestamptz('list_by_before').notNull(),
    listByAfter: timestamptz('list_by_after').notNull(),
    entryId: entryRef('entry_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_renewals_card_idx').on(t.cardId, t.id),
    index('card_renewals_user_idx').on(t.userId, t.id.desc()),
    check('card_renewals_fee', sql`${t.fee} >= 0 and (${t.fee} = 0) = (${t.entryId} is null)`),
    check('card_renewals_later', sql`${t.listByAfter} > ${t.listByBefore}`),
  ],
);

/**
 * How cards split when a sale takes their price to `threshold` or above: a leader's rule for their team
 * (`leader_id`), or the platform default (the one row with `leader_id` null). `none`: never; `full`: into pieces
 * of the type's start price; `auto`: into pieces of `amount` (threshold ≥ 2 × amount). The pieces' prices always sum to the original.
 */
export const cardSplitSettings = pgTable(
  'card_split_settings',
  {
    id: serialId(),
    leaderId: integer('leader_id').references(() => users.id),
    mode: text('mode').notNull(),
    threshold: exactAmount('threshold'),
    amount: exactAmount('amount'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_split_settings_leader_key').on(t.leaderId),
    uniqueIndex('card_split_settings_one_default')
      .on(sql`(${t.leaderId} is null)`)
      .where(sql`${t.leaderId} is null`),
    check('card_split_settings_mode', sql`${t.mode} in ('none', 'full', 'auto')`),
    check('card_split_settings_threshold', sql`${t.mode} = 'none' or ${t.threshold} > 0`),
    check(
      'card_split_settings_amount',
      sql`(${t.mode} = 'auto') = (${t.amount} is not null) and coalesce(${t.amount} > 0 and ${t.amount} * 2 <= ${t.threshold}, true)`,
    ),
  ],
);
