/**
 * Business events: what happened, written to the outbox in the same transaction as the change itself
 * (decision 025). Readers (rewards, the operator dashboard, notifications) follow the outbox by id and
 * parse each row with `businessEvent`. Amounts are exact decimal strings, never numbers; `user_id` is the
 * user the event is about (the actor for a user's own move, the owner for an operator's decision).
 */
import * as z from 'zod/mini';
import { amountString, assetKey, uid } from './common.js';

const id = z.int().check(z.positive());
const txHash = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));

/** Every money event names its user and the journal entry that moved the money. */
const moneyEvent = <T extends string, S extends z.core.$ZodShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), user_id: uid, entry_id: id, ...shape });

const transferSent = moneyEvent('transfer.sent', {
  recipient_id: uid,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
});

const swapExecuted = moneyEvent('swap.executed', {
  lake_id: id,
  asset_in: assetKey,
  amount_in: amountString,
  asset_out: assetKey,
  amount_out: amountString,
  fee: amountString,
  burn: amountString,
});

const depositCredited = moneyEvent('deposit.credited', {
  deposit_id: id,
  asset: assetKey,
  amount: amountString,
  /** 'chain': confirmed on chain; 'review': an operator approved the request. */
  method: z.enum(['chain', 'review']),
  /** The approving operator for a review, null for a chain deposit. */
  reviewer_id: z.nullable(uid),
});

const withdrawalRequested = moneyEvent('withdrawal.requested', {
  withdrawal_id: id,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
});

/** Approved and paid are one step here: an approval carries the payout's hash (operator, hot wallet or resolution). */
const withdrawalPaid = moneyEvent('withdrawal.paid', {
  withdrawal_id: id,
  operator_id: uid,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
  tx_hash: txHash,
});

const withdrawalRejected = moneyEvent('withdrawal.rejected', {
  withdrawal_id: id,
  operator_id: uid,
  asset: assetKey,
  /** Amount plus fee, back on the user's balance. */
  refunded: amountString,
});

const rusdCharged = moneyEvent('charge.rusd', {
  usdt: amountString,
  rusd: amountString,
});

const bnbChargeCredited = moneyEvent('charge.bnb_credited', {
  charge_id: id,
  amount_bnb: amountString,
  rusd: amountString,
});

const airdropClaimed = moneyEvent('airdrop.claimed', {
  campaign_id: id,
  claim_id: id,
  asset: assetKey,
  amount: amountString,
});

/** An operator set a campaign's eligibility rules (decision 037): the audit of that action. */
const airdropRulesSet = z.object({
  type: z.literal('airdrop.rules_set'),
  /** The operator. */
  user_id: uid,
  campaign_id: id,
  rules: z.object({
    min_recharge: z.nullable(z.object({ asset: assetKey, amount: amountString })),
    min_account_age_hours: z.nullable(z.int()),
    min_holding: z.nullable(z.object({ asset: assetKey, amount: amountString })),
    per_referrer_cap: z.nullable(z.int()),
  }),
  /** Addresses on the allow-list after the change; null without one. */
  address_count: z.nullable(z.int()),
});

// ───── cards (issue 11, decisions 050–054); amounts in RUSD unless named fuel / trade ─────

/** A starter card bought from a session's stock: price (RUSD, to `cards`) and fuel fee (fuel, to `burned`) in one entry. */
const cardBought = moneyEvent('card.bought', {
  card_id: id,
  card_type_id: id,
  session_id: id,
  price: amountString,
  fuel_fee: amountString,
});

/** A card put on sale; `auto` when listed by auto-sell or its listing deadline at a session's opening. */
const cardListed = z.object({
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
const cardOrderPlaced = moneyEvent('card.order_placed', {
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
const cardMatched = moneyEvent('card.matched', {
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
const cardOrderReleased = moneyEvent('card.order_released', {
  order_id: id,
  reason: z.enum(['session_closed', 'cancelled']),
  operator_id: z.nullable(uid),
  rusd: amountString,
  fuel: amountString,
  trade: amountString,
});

/** A card split after a sale (journal-neutral: no entry). `user_id` is the owner; the pieces' prices sum to `price`. */
const cardSplit = z.object({
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
const cardRenewed = z.object({
  type: z.literal('card.renewed'),
  user_id: uid,
  entry_id: z.nullable(id),
  card_id: id,
  fee: amountString,
  list_by: z.string(),
});

/** The owner turned auto-sell on or off. */
/** The seller took a listing off the market before it matched (decision 060): the card is back in the warehouse. */
const cardWithdrawn = z.object({ type: z.literal('card.withdrawn'), user_id: uid, card_id: id, listing_id: id, card_type_id: id });

const cardAutoSet = z.object({ type: z.literal('card.auto_set'), user_id: uid, card_id: id, auto_sell: z.boolean() });

/** A leader set their team's split rule (operators' changes are `card.admin_changed`). */
const cardSplitSettingsSet = z.object({
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
const cardAdminChanged = z.object({
  type: z.literal('card.admin_changed'),
  user_id: uid,
  target: z.enum(['card_type', 'session', 'schedule', 'split_default', 'leader', 'order']),
  target_id: z.nullable(id),
  action: z.enum(['create', 'update', 'open', 'close', 'cancel']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});

const miningPurchased = moneyEvent('mining.purchased', {
  miner_id: id,
  product_id: id,
  order_no: z.string(),
  quantity: id,
  asset: assetKey,
  amount: amountString,
});

const bubbleCollected = moneyEvent('mining.bubble_collected', {
  miner_id: id,
  bubble_id: id,
  period: id,
  asset: assetKey,
  amount: amountString,
});

const pledgeLocked = moneyEvent('pledge.locked', {
  position_id: id,
  product_id: id,
  asset: assetKey,
  amount: amountString,
  fee: amountString,
  principal: amountString,
});

/** One release instalment of a position (written by the settlement, decision 056). */
const pledgeReleased = moneyEvent('pledge.released', {
  position_id: id,
  product_id: id,
  asset: assetKey,
  amount: amountString,
  period: id,
  periods: id,
});

/** One settlement batch of pledge interest and releases: one journal entry, its line count and totals (decision 056). */
const pledgeSettled = z.object({
  type: z.literal('pledge.settled'),
  user_id: z.null(),
  entry_id: id,
  interest_lines: z.int(),
  release_lines: z.int(),
  totals: z.array(z.object({ kind: z.enum(['interest', 'release']), asset: assetKey, amount: amountString })),
});

/** An operator's change to a product (decision 057): the audit, with the product before and after. */
const productChange = <T extends string>(type: T) =>
  z.object({
    type: z.literal(type),
    /** The operator. */
    user_id: uid,
    product_id: id,
    action: z.enum(['create', 'edit', 'status']),
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.record(z.string(), z.unknown()),
  });

/** An operator paused or resumed a user's miner. */
const minerPaused = z.object({
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
const communityAdminChanged = z.object({
  type: z.literal('community.admin_changed'),
  user_id: uid,
  target: z.enum(['level', 'qualifying_kind', 'performance_asset']),
  key: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});

/** An operator set a reward setting (decision 065): the new row and the value in force before it at that time. */
const rewardRuleSet = z.object({
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
const rewardDividendSettled = z.object({
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
const shareContentSet = z.object({
  type: z.literal('share.content_set'),
  /** The operator. */
  user_id: uid,
  language: z.string(),
  before: z.nullable(z.object({ title: z.string(), img: z.nullable(z.string()), synopsis: z.string() })),
  after: z.nullable(z.object({ title: z.string(), img: z.nullable(z.string()), synopsis: z.string() })),
});

/** An operator's change to the points shop's goods (decision 073): the audit, with the goods before and after. */
const shopGoodsChanged = z.object({
  type: z.literal('shop.goods_changed'),
  /** The operator. */
  user_id: uid,
  goods_id: id,
  action: z.enum(['create', 'edit']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.record(z.string(), z.unknown()),
});

/** A user placed a points-shop order: the stock is taken until it is paid or times out. */
const shopOrderPlaced = z.object({
  type: z.literal('shop.order_placed'),
  user_id: uid,
  order_id: id,
  goods_id: id,
  quantity: id,
  asset: assetKey,
  amount: amountString,
});

const shopOrderPaid = moneyEvent('shop.order_paid', {
  order_id: id,
  goods_id: id,
  asset: assetKey,
  amount: amountString,
  kind: z.enum(['physical', 'virtual']),
});

/** A payment the balance could not cover: the order is 'payment failed' with the reason. */
const shopPaymentFailed = z.object({
  type: z.literal('shop.payment_failed'),
  user_id: uid,
  order_id: id,
  reason: z.string(),
});

/** An order left the open states without being paid: deleted by its owner or timed out; its stock went back. */
const shopOrderClosed = z.object({
  type: z.literal('shop.order_closed'),
  user_id: uid,
  order_id: id,
  goods_id: id,
  quantity: id,
  action: z.enum(['deleted', 'timed_out']),
});

/** An operator shipped an order (the audit: who, with which carrier and tracking number). */
const shopOrderShipped = z.object({
  type: z.literal('shop.order_shipped'),
  /** The operator. */
  user_id: uid,
  order_id: id,
  owner_id: uid,
  carrier: z.string(),
  tracking_no: z.string(),
});

/** A shipped order arrived: confirmed by its owner or received automatically after the waiting days. */
const shopOrderReceived = z.object({
  type: z.literal('shop.order_received'),
  user_id: uid,
  order_id: id,
  by: z.enum(['user', 'timeout']),
});

/** A change to a user's address book. */
const shopAddressChanged = z.object({
  type: z.literal('shop.address_changed'),
  user_id: uid,
  address_id: id,
  action: z.enum(['create', 'edit', 'delete']),
});

/** A bet in the game zone (decision 071): stake and payout in one journal entry against `game_house`. */
const gamePlayed = moneyEvent('game.played', {
  round_id: id,
  game: z.enum(['blind_box', 'slot']),
  asset: assetKey,
  stake: amountString,
  payout: amountString,
  nonce: z.int(),
});

/** A player retired a server seed; the seed is revealed from now on. */
const gameSeedRotated = z.object({
  type: z.literal('game.seed_rotated'),
  user_id: uid,
  seed_id: id,
  server_seed_hash: z.string(),
  bets: z.int(),
});

/** An operator changed a game's settings (decision 071): the audit, with the settings before and after. */
const gameSettingsChanged = z.object({
  type: z.literal('game.settings_changed'),
  /** The operator. */
  user_id: uid,
  game: z.enum(['blind_box', 'slot']),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});

/** A raffle draw on a free spin: the prize (0 for an empty segment, then no entry). */
const gameRaffleDrawn = z.object({
  type: z.literal('game.raffle_drawn'),
  user_id: uid,
  entry_id: z.nullable(id),
  round_id: id,
  asset: assetKey,
  prize: amountString,
  nonce: z.int(),
});

/** An operator granted free raffle spins to a user, or changed the wheel: the audit. `user_id` is the operator. */
const gameRaffleChanged = z.object({
  type: z.literal('game.raffle_changed'),
  user_id: uid,
  action: z.enum(['grant_spins', 'set_wheel']),
  target_uid: z.nullable(uid),
  spins: z.nullable(z.int()),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});

/** An administrator granted or revoked an operator role (decision 082). */
const operatorRoleChanged = z.object({
  type: z.literal('operator.role_changed'),
  /** The administrator. */
  user_id: uid,
  account: z.string(),
  role: z.enum(['administrator', 'operator', 'auditor', 'service_agent']),
  granted: z.boolean(),
});

/** An operator froze or unfroze a user (decision 084). */
const userFrozenChanged = z.object({
  type: z.literal('user.frozen_changed'),
  /** The operator. */
  user_id: uid,
  target_uid: uid,
  frozen: z.boolean(),
  reason: z.string(),
});

/** A user verified a phone number and bound it to their account (decision 076); the number itself stays out of the outbox. */
const phoneBound = z.object({ type: z.literal('phone.bound'), user_id: uid, replaced: z.boolean() });

/** A developer helper signed someone in or made a key (decision 077): never in production, recorded all the same. */
const devLogin = z.object({ type: z.literal('dev.login'), user_id: uid, created: z.boolean() });

/** An operator wrote or changed an article (decision 078): the audit, with its state before and after. */
const articleState = z.object({ kind: z.string(), pinned: z.boolean(), hidden: z.boolean(), languages: z.array(z.string()) });
const articleChanged = z.object({
  type: z.literal('article.changed'),
  /** The operator. */
  user_id: uid,
  article_id: id,
  before: z.nullable(articleState),
  after: articleState,
});

export const businessEvent = z.discriminatedUnion('type', [
  transferSent,
  swapExecuted,
  depositCredited,
  withdrawalRequested,
  withdrawalPaid,
  withdrawalRejected,
  rusdCharged,
  bnbChargeCredited,
  airdropClaimed,
  airdropRulesSet,
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
  operatorRoleChanged,
  userFrozenChanged,
  phoneBound,
  devLogin,
  articleChanged,
]);

export type BusinessEvent = z.infer<typeof businessEvent>;
export type BusinessEventType = BusinessEvent['type'];
export const BUSINESS_EVENT_TYPES = businessEvent.def.options.map((option) => option.shape.type.def.values[0]) as BusinessEventType[];
