/** Business events of the products: mining, pledge, community, rewards, share, shop and games. */
import * as z from 'zod/mini';
import { amountString, assetKey, uid } from '../common.js';
import { id, moneyEvent, productChange } from './fields.js';

export const miningPurchased = moneyEvent('mining.purchased', {
  miner_id: id,
  product_id: id,
  order_no: z.string(),
  quantity: id,
  asset: assetKey,
  amount: amountString,
});

export const bubbleCollected = moneyEvent('mining.bubble_collected', {
  miner_id: id,
  bubble_id: id,
  period: id,
  asset: assetKey,
  amount: amountString,
});

export const pledgeLocked = moneyEvent('pledge.locked', {
  position_id: id,
  product_id: id,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
  principal: amountString,
});

/** One release instalment of a position (written by the settlement, decision 056). */
export const pledgeReleased = moneyEvent('pledge.released', {
  position_id: id,
  product_id: id,
  asset: assetKey,
  amount: amountString,
  period: id,
  periods: id,
});

/** One settlement batch of pledge interest and releases: one journal entry, its line count and totals (decision 056). */
export const pledgeSettled = z.object({
  type: z.literal('pledge.settled'),
  user_id: z.null(),
  entry_id: id,
  interest_lines: z.int(),
  release_lines: z.int(),
  totals: z.array(z.object({ kind: z.enum(['interest', 'release']), asset: assetKey, amount: amountString })),
});

/** An operator paused or resumed a user's miner. */
export const minerPaused = z.object({
  type: z.literal('mining.miner_paused'),
  user_id: uid,
  miner_id: id,
  owner_id: uid,
  paused: z.boolean(),
});

/**
 * An operator's change to the community setup (decision 064): a level, whether a purchase kind counts, or an
 * asset's performance factor, with the row before and after (null when created or removed). `user_id` is the operator.
 */
export const communityAdminChanged = z.object({
  type: z.literal('community.admin_changed'),
  user_id: uid,
  target: z.enum(['level', 'qualifying_kind', 'performance_asset', 'referrer_rule']),
  key: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});

/** An operator set a reward setting (decision 065): the new row and the value in force before it at that time. */
export const rewardRuleSet = z.object({
  type: z.literal('rewards.rule_set'),
  /** The operator. */
  user_id: uid,
  rule_id: id,
  rule: z.string(),
  generation: z.int(),
  level: z.int(),
  value: amountString,
  before: z.nullable(amountString),
  effective_from: z.string(),
});

/** A day's weighted dividend was settled (once per day): the pool and what the caps let through. */
export const rewardDividendSettled = z.object({
  type: z.literal('rewards.dividend_settled'),
  user_id: z.null(),
  day: z.string(),
  turnover: amountString,
  pool: amountString,
  paid: amountString,
  beneficiaries: z.int(),
  entry_id: z.nullable(id),
});

/** An operator set or cleared one language's share content (decision 066): the audit, with the row before and after. */
export const shareContentSet = z.object({
  type: z.literal('share.content_set'),
  /** The operator. */
  user_id: uid,
  language: z.string(),
  before: z.nullable(z.object({ title: z.string(), img: z.nullable(z.string()), synopsis: z.string() })),
  after: z.nullable(z.object({ title: z.string(), img: z.nullable(z.string()), synopsis: z.string() })),
});

/** An operator's change to the points shop's goods (decision 073): the audit, with the goods before and after. */
export const shopGoodsChanged = z.object({
  type: z.literal('shop.goods_changed'),
  /** The operator. */
  user_id: uid,
  goods_id: id,
  action: z.enum(['create', 'edit']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.record(z.string(), z.unknown()),
});

/** A user placed a points-shop order: the stock is taken until it is paid or times out. */
export const shopOrderPlaced = z.object({
  type: z.literal('shop.order_placed'),
  user_id: uid,
  order_id: id,
  goods_id: id,
  quantity: id,
  asset: assetKey,
  amount: amountString,
});

export const shopOrderPaid = moneyEvent('shop.order_paid', {
  order_id: id,
  goods_id: id,
  asset: assetKey,
  amount: amountString,
  kind: z.enum(['physical', 'virtual']),
});

/** A payment the balance could not cover: the order is 'payment failed' with the reason. */
export const shopPaymentFailed = z.object({
  type: z.literal('shop.payment_failed'),
  user_id: uid,
  order_id: id,
  reason: z.string(),
});

/** An order left the open states without being paid: deleted by its owner or timed out; its stock went back. */
export const shopOrderClosed = z.object({
  type: z.literal('shop.order_closed'),
  user_id: uid,
  order_id: id,
  goods_id: id,
  quantity: id,
  action: z.enum(['deleted', 'timed_out']),
});

/** An operator shipped an order (the audit: who, with which carrier and tracking number). */
export const shopOrderShipped = z.object({
  type: z.literal('shop.order_shipped'),
  /** The operator. */
  user_id: uid,
  order_id: id,
  owner_id: uid,
  carrier: z.string(),
  tracking_no: z.string(),
});

/** A shipped order arrived: confirmed by its owner or received automatically after the waiting days. */
export const shopOrderReceived = z.object({
  type: z.literal('shop.order_received'),
  user_id: uid,
  order_id: id,
  by: z.enum(['user', 'timeout']),
});

/** A change to a user's address book. */
export const shopAddressChanged = z.object({
  type: z.literal('shop.address_changed'),
  user_id: uid,
  address_id: id,
  action: z.enum(['create', 'edit', 'delete']),
});

/** A bet in the game zone (decision 071): stake and payout in one journal entry against `game_house`. */
export const gamePlayed = moneyEvent('game.played', {
  round_id: id,
  game: z.enum(['blind_box', 'slot']),
  asset: assetKey,
  stake: amountString,
  payout: amountString,
  nonce: z.int(),
});

/** A player retired a server seed; the seed is revealed from now on. */
export const gameSeedRotated = z.object({
  type: z.literal('game.seed_rotated'),
  user_id: uid,
  seed_id: id,
  server_seed_hash: z.string(),
  bets: z.int(),
});

/** An operator changed a game's settings (decision 071): the audit, with the settings before and after. */
export const gameSettingsChanged = z.object({
  type: z.literal('game.settings_changed'),
  /** The operator. */
  user_id: uid,
  game: z.enum(['blind_box', 'slot']),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});

/** A raffle draw on a free spin: the prize (0 for an empty segment, then no entry). */
export const gameRaffleDrawn = z.object({
  type: z.literal('game.raffle_drawn'),
  user_id: uid,
  entry_id: z.nullable(id),
  round_id: id,
  asset: assetKey,
  prize: amountString,
  nonce: z.int(),
});

/** An operator granted free raffle spins to a user, or changed the wheel: the audit. `user_id` is the operator. */
export const gameRaffleChanged = z.object({
  type: z.literal('game.raffle_changed'),
  user_id: uid,
  action: z.enum(['grant_spins', 'set_wheel']),
  target_uid: z.nullable(uid),
  spins: z.nullable(z.int()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});

/** An administrator granted or revoked an operator role (decision 082). */

/** This area's events, in the order the union lists them. */
export const PRODUCT_EVENTS = [
  miningPurchased,
  bubbleCollected,
  pledgeLocked,
  pledgeReleased,
  pledgeSettled,
  productChange('mining.product_changed'),
  productChange('pledge.product_changed'),
  minerPaused,
  communityAdminChanged,
  rewardRuleSet,
  rewardDividendSettled,
  shareContentSet,
  shopGoodsChanged,
  shopOrderPlaced,
  shopOrderPaid,
  shopPaymentFailed,
  shopOrderClosed,
  shopOrderShipped,
  shopOrderReceived,
  shopAddressChanged,
  gamePlayed,
  gameSeedRotated,
  gameSettingsChanged,
  gameRaffleDrawn,
  gameRaffleChanged,
] as const;
