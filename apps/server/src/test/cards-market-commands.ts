/**
 * Random command sequences for the card market's property tests (fast-check), and the invariants every state
 * must keep. The pure property test runs them on the in-memory model; the database one runs the same commands
 * through the real endpoints and compares.
 */
import fc from 'fast-check';
import { toUnits } from '@reef/contract';
import { floorToTick, nextStepPrice } from '../modules/cards/pricing.js';
import type { SplitRule } from '../modules/cards/split.js';
import { ASSETS, CardsMarketModel, type ModelCardType, type Outcome } from './cards-market-model.js';

export const HOUR_MS = 3_600_000;
export const USERS = 5;
export const CENT = toUnits('0.01');

export const MODEL_TYPES: ModelCardType[] = [
  {
    id: 1,
    startPrice: toUnits('100'),
    stepBp: 500,
    platformFeeBp: 1000,
    obtainableBp: null,
    fuelFeeBp: 200,
    tradePoints: toUnits('1'),
    renewalFeeBp: 300,
    holdMs: 48 * HOUR_MS,
    listWindowMs: 72 * HOUR_MS,
  },
  {
    id: 2,
    startPrice: toUnits('12.5'),
    stepBp: 1500,
    platformFeeBp: 700,
    obtainableBp: 9000,
    fuelFeeBp: 0,
    tradePoints: 0n,
    // Free renewals: no entry, only the deadline moves.
    renewalFeeBp: 0,
    holdMs: 24 * HOUR_MS,
    listWindowMs: 24 * HOUR_MS,
  },
];

export type Command =
  | { kind: 'starter'; user: number; type: number }
  | { kind: 'list'; user: number; card: number; asOwner: boolean }
  | { kind: 'auto'; user: number; card: number; on: boolean; asOwner: boolean }
  | { kind: 'renew'; user: number; card: number; asOwner: boolean }
  | { kind: 'withdraw'; user: number; card: number; asOwner: boolean }
  | { kind: 'order'; user: number; type: number; min: bigint; max: bigint }
  /** A buy order aimed at the nth card on sale: a band from its listing price up (resolved against the model). */
  | { kind: 'bid'; user: number; listing: number; widthCents: number }
  /** The owner lists the nth card past its holding time (resolved against the model; any nth card when none is). */
  | { kind: 'sell'; card: number }
  /** The owner renews the nth card in its renewal window (resolved like `sell`). */
  | { kind: 'keep'; card: number }
  /** The owner withdraws the nth card on sale; `former`: the seller of the nth sold card tries (already matched). */
  | { kind: 'unlist'; listing: number; former: boolean }
  | { kind: 'open'; type: number }
  | { kind: 'close'; type: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'leader'; user: number; rule: SplitRule | null }
  | { kind: 'cancel'; order: number };

const user = fc.integer({ min: 1, max: USERS });
const type = fc.constantFrom(...MODEL_TYPES.map((t) => t.id));
/** Cards and orders are named by their position among those that exist when the command runs. */
const pick = fc.nat({ max: 63 });
/** Mostly the card's owner acts on it; sometimes whoever `user` is (someone else's card: refused). */
const asOwner = fc.boolean().chain((b) => (b ? fc.constant(true) : fc.boolean()));

const rule: fc.Arbitrary<SplitRule | null> = fc.oneof(
  fc.constant(null),
  fc.constant<SplitRule>({ mode: 'none', threshold: null, amount: null }),
  fc.integer({ min: 110, max: 260 }).map((t): SplitRule => ({ mode: 'full', threshold: toUnits(String(t)), amount: null })),
  fc
    .tuple(fc.integer({ min: 500, max: 6000 }), fc.integer({ min: 2, max: 6 }))
    .map(([amountCents, times]): SplitRule => ({ mode: 'auto', threshold: BigInt(amountCents * times) * CENT, amount: BigInt(amountCents) * CENT })),
);

/** A band around the type's prices: from 0.8 to 1.6 times its start price, up to 0.8 times it wide. */
const order: fc.Arbitrary<Command> = fc
  .tuple(user, fc.constantFrom(...MODEL_TYPES), fc.integer({ min: 800, max: 1600 }), fc.integer({ min: 0, max: 800 }))
  .map(([u, t, minPermille, widthPermille]) => {
    const min = floorToTick((t.startPrice * BigInt(minPermille)) / 1000n);
    return { kind: 'order', user: u, type: t.id, min, max: min + floorToTick((t.startPrice * BigInt(widthPermille)) / 1000n) };
  });

/** Bands the market refuses: zero or negative, upside down, finer than a cent. */
const badOrder: fc.Arbitrary<Command> = fc
  .tuple(user, type, fc.constantFrom<[bigint, bigint]>([0n, CENT], [-CENT, CENT], [2n * CENT, CENT], [1n, CENT * 100n], [CENT, CENT * 100n + 1n]))
  .map(([u, t, [min, max]]) => ({ kind: 'order', user: u, type: t, min, max }));

export const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('starter' as const), user, type }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('list' as const), user, card: pick, asOwner }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('auto' as const), user, card: pick, on: fc.boolean(), asOwner }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('renew' as const), user, card: pick, asOwner }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), user, card: pick, asOwner }), weight: 1 },
  { arbitrary: order, weight: 6 },
  { arbitrary: badOrder, weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('open' as const), type }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('close' as const), type }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 72 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('leader' as const), user, rule }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: pick }), weight: 1 },
);

/**
 * Leader rules that split the cards these sequences trade: pieces of 5–7 RUSD from twice that (type 2's first
 * resale, 14.37, crosses it, and type 1's), or the start price from 25 RUSD (type 2's third resale, type 1's first).
 */
const splittingRule: fc.Arbitrary<SplitRule> = fc.oneof(
  {
    arbitrary: fc
      .integer({ min: 500, max: 700 })
      .map((cents): SplitRule => ({ mode: 'auto', threshold: 2n * BigInt(cents) * CENT, amount: BigInt(cents) * CENT })),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: 25, max: 30 }).map((t): SplitRule => ({ mode: 'full', threshold: toUnits(String(t)), amount: null })), weight: 1 },
);

/**
 * The database property test's sequences: the same commands, plus buy orders aimed at what is on sale (so cards
 * change hands often and their prices climb the steps) and leaders whose rules split them, so a short sequence
 * reaches matches, splits, renewals, withdrawals and session ends.
 */
export const marketCommand: fc.Arbitrary<Command> = fc.oneof(
  // Leaders come below, mostly with a rule that splits: a random rule would mostly undo the sequence's first one.
  { arbitrary: command.filter((c) => c.kind !== 'leader'), weight: 10 },
  { arbitrary: fc.record({ kind: fc.constant('bid' as const), user, listing: pick, widthCents: fc.integer({ min: 0, max: 3000 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('sell' as const), card: pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('keep' as const), card: pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('unlist' as const), listing: pick, former: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 24, max: 96 }) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('leader' as const),
      user,
      rule: fc.oneof({ arbitrary: splittingRule, weight: 3 }, { arbitrary: rule, weight: 1 }),
    }),
    weight: 1,
  },
);

/**
 * A database property test sequence: user 1 (at the top of users 1–4's line) leads with a splitting rule from the
 * start, then `length` market commands.
 */
export const marketSequence = (length: { minLength: number; maxLength: number }): fc.Arbitrary<Command[]> =>
  fc
    .tuple(splittingRule, fc.array(marketCommand, { ...length, size: 'max' }))
    .map(([rule, commands]): Command[] => [{ kind: 'leader', user: 1, rule }, ...commands]);

/** Users 1–5 under one referral line: 1 ← 2 ← 3 and 1 ← 4, 5 alone. */
export const MODEL_REFERRERS = new Map<number, number>([
  [2, 1],
  [3, 2],
  [4, 1],
]);

/** The platform default: pieces of the start price from 28 RUSD (type 2 reaches it in six resales; type 1 needs 200 for two pieces). */
export const PLATFORM_RULE: SplitRule = { mode: 'full', threshold: toUnits('28'), amount: null };

export const STARTING_FUNDS = { rusd: toUnits('2000'), fuel: toUnits('100'), trade: toUnits('10') };

export function newModel(): CardsMarketModel {
  const model = new CardsMarketModel(new Map(MODEL_TYPES.map((t) => [t.id, t])), MODEL_REFERRERS, PLATFORM_RULE);
  for (let u = 1; u <= USERS; u += 1) for (const asset of ASSETS) model.fund(u, asset, STARTING_FUNDS[asset]);
  return model;
}

/** The nth existing card (ids ascend), wrapping; undefined when there is none yet (an unknown id then). */
export function cardAt(model: CardsMarketModel, n: number): number {
  const ids = [...model.cards.keys()];
  return ids.length === 0 ? 1_000_000 + n : ids[n % ids.length]!;
}

/** The nth card on sale (ids ascend), wrapping; undefined when none is. */
function listedAt(model: CardsMarketModel, n: number) {
  const listed = [...model.cards.values()].filter((c) => c.state === 'listed');
  return listed.length === 0 ? undefined : listed[n % listed.length];
}

export function orderAt(model: CardsMarketModel, n: number): number {
  const ids = [...model.orders.keys()];
  return ids.length === 0 ? 1_000_000 + n : ids[n % ids.length]!;
}

/** Who acts on a card: its owner when the command says so (and the card exists), else the command's user. */
export function actor(model: CardsMarketModel, c: { user: number; asOwner: boolean }, cardId: number): number {
  return (c.asOwner && model.cards.get(cardId)?.ownerId) || c.user;
}

/** A command with its targets resolved against the model as it stands: who acts on which card or order. */
export type Resolved =
  | { kind: 'starter'; user: number; type: number }
  | { kind: 'list' | 'renew' | 'withdraw'; user: number; card: number }
  | { kind: 'auto'; user: number; card: number; on: boolean }
  | { kind: 'order'; user: number; type: number; min: bigint; max: bigint }
  | { kind: 'open' | 'close'; type: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'leader'; user: number; rule: SplitRule | null }
  | { kind: 'cancel'; order: number };

export function resolve(model: CardsMarketModel, c: Command): Resolved {
  switch (c.kind) {
    case 'list':
    case 'renew':
    case 'withdraw': {
      const card = cardAt(model, c.card);
      return { kind: c.kind, user: actor(model, c, card), card };
    }
    case 'auto': {
      const card = cardAt(model, c.card);
      return { kind: 'auto', user: actor(model, c, card), card, on: c.on };
    }
    case 'cancel':
      return { kind: 'cancel', order: orderAt(model, c.order) };
    case 'sell':
    case 'keep': {
      const due = [...model.cards.values()].filter(
        (card) => card.state === 'warehouse' && card.holdUntil <= model.now && (c.kind === 'sell' || model.now < card.listBy),
      );
      const card = due.length > 0 ? due[c.card % due.length]!.id : cardAt(model, c.card);
      return { kind: c.kind === 'sell' ? 'list' : 'renew', user: model.cards.get(card)?.ownerId ?? 1, card };
    }
    case 'unlist': {
      const sold = model.matches[c.listing % Math.max(model.matches.length, 1)];
      if (c.former && sold) return { kind: 'withdraw', user: sold.sellerId, card: sold.cardId };
      const card = listedAt(model, c.listing);
      return card ? { kind: 'withdraw', user: card.ownerId, card: card.id } : { kind: 'withdraw', user: 1, card: cardAt(model, c.listing) };
    }
    case 'bid': {
      const card = listedAt(model, c.listing);
      const type = MODEL_TYPES[c.listing % MODEL_TYPES.length]!;
      // Nothing on sale: an order at the start price of a type, waiting for the next listing.
      const min = card ? card.listPrice! : type.startPrice;
      return { kind: 'order', user: c.user, type: card ? card.typeId : type.id, min, max: min + BigInt(c.widthCents) * CENT };
    }
    default:
      return c;
  }
}

/** Applies a resolved command to the model; answers the outcome (refusals included). */
export function applyResolved(model: CardsMarketModel, c: Resolved): Outcome {
  switch (c.kind) {
    case 'starter':
      return model.buyStarter(c.user, c.type);
    case 'list':
      return model.list(c.user, c.card);
    case 'auto':
      return model.setAuto(c.user, c.card, c.on);
    case 'renew':
      return model.renew(c.user, c.card);
    case 'withdraw':
      return model.withdraw(c.user, c.card);
    case 'order':
      return model.placeOrder(c.user, c.type, { min: c.min, max: c.max });
    case 'open':
      model.openSession(c.type);
      return { ok: true };
    case 'close':
      model.closeSession(c.type);
      return { ok: true };
    case 'advance':
      model.advance(c.hours * HOUR_MS);
      return { ok: true };
    case 'leader':
      model.setLeaderRule(c.user, c.rule);
      return { ok: true };
    case 'cancel':
      return model.cancelOrder(c.order);
  }
}

/** Applies one command to the model; answers the outcome (refusals included). */
export function apply(model: CardsMarketModel, c: Command): Outcome {
  return applyResolved(model, resolve(model, c));
}

/** The market's invariants; throws with what broke. */
export function checkInvariants(model: CardsMarketModel): void {
  const fail = (what: string) => {
    throw new Error(`invariant broken: ${what}`);
  };
  // Money is conserved: every movement balanced, so all accounts (funding's negative side too) sum to zero.
  for (const [asset, total] of model.totals()) if (total !== 0n) fail(`${asset} sums to ${total}`);
  for (const [key, value] of model.userBalances()) if (value < 0n) fail(`${key} is ${value}`);
  // The escrow holds exactly the reservations of the orders still waiting.
  for (const asset of ASSETS) {
    let waiting = 0n;
    for (const o of model.orders.values()) if (o.state === 'waiting') waiting += o.reserved[asset];
    if (model.balance('escrow', asset) !== waiting) fail(`escrow ${asset} ${model.balance('escrow', asset)} ≠ waiting ${waiting}`);
  }
  // No order outlives its session.
  for (const o of model.orders.values()) if (o.state === 'waiting' && !model.openSessions.has(o.typeId)) fail(`order ${o.id} waits outside a session`);
  // Each order buys at most once, each listing sells at most once: no card has two owners.
  const orders = new Set<number>();
  const listings = new Set<string>();
  for (const m of model.matches) {
    if (orders.has(m.orderId)) fail(`order ${m.orderId} matched twice`);
    orders.add(m.orderId);
    const listing = `${m.cardId}@${m.listedAt}`;
    if (listings.has(listing)) fail(`listing ${listing} sold twice`);
    listings.add(listing);
    if (m.sellerId === m.buyerId) fail(`card ${m.cardId} sold to its owner`);
    // Prices follow the step.
    const type = model.types.get(model.cards.get(m.cardId)!.typeId)!;
    if (m.price !== nextStepPrice(m.priceBefore, type.stepBp)) fail(`match of card ${m.cardId} at ${m.price} after ${m.priceBefore}`);
  }
  // The last match of a card names its owner, unless it was split (its pieces are the buyer's).
  const lastBuyer = new Map<number, number>();
  for (const m of model.matches) lastBuyer.set(m.cardId, m.buyerId);
  for (const [cardId, buyer] of lastBuyer) if (model.cards.get(cardId)!.ownerId !== buyer) fail(`card ${cardId} is not its last buyer's`);
  // Splits: the pieces' prices add up exactly to the price split, each piece a live card of the same owner.
  for (const s of model.splits) {
    const parent = model.cards.get(s.parentId)!;
    if (parent.state !== 'split') fail(`split card ${s.parentId} is ${parent.state}`);
    if (s.pieces.length < 2) fail(`split of ${s.parentId} into ${s.pieces.length}`);
    if (s.pieces.reduce((a, p) => a + p.price, 0n) !== s.parentPrice) fail(`pieces of ${s.parentId} do not sum to ${s.parentPrice}`);
    for (const p of s.pieces) if (p.price <= 0n || model.cards.get(p.cardId)!.parentId !== s.parentId) fail(`piece ${p.cardId} of ${s.parentId}`);
  }
  // A listed card has its listing price; a card out of the market has none.
  for (const c of model.cards.values()) {
    if ((c.state === 'listed') !== (c.listPrice !== null)) fail(`card ${c.id} ${c.state} with listing price ${c.listPrice}`);
  }
}
