/**
 * A reference model of the card market in memory, built from the same pure rules the service uses
 * (`modules/cards/{pricing,matching,split,eligibility}.ts`). The property test drives it with random command
 * sequences and checks the invariants after every step; the database property test drives the real endpoints
 * with the same commands and compares what the database holds with what the model says.
 */
import { dueForAutoListing, listingProblem, renewalProblem, renewedListBy, type CardState } from '../modules/cards/eligibility.js';
import { pickListing, pickOrder, reservationFor, settle, type MarketCardType, type PriceBand, type Reservation } from '../modules/cards/matching.js';
import { buyCosts, isPriceTick, nextStepPrice, renewalFee, splitSalePrice, type SaleSplit } from '../modules/cards/pricing.js';
import { ruleForOwner, splitPrices, type SplitRule } from '../modules/cards/split.js';

/** Buy orders one user may have waiting in one session (the service's MAX_WAITING_ORDERS). */
export const MAX_WAITING_ORDERS = 20;

export type Asset = 'rusd' | 'fuel' | 'trade';
export const ASSETS: readonly Asset[] = ['rusd', 'fuel', 'trade'];

export interface ModelCardType extends MarketCardType {
  id: number;
  startPrice: bigint;
  stepBp: number;
  renewalFeeBp: number;
  /** Holding time (ms). */
  holdMs: number;
  /** After the holding time, the window to list or renew in; a renewal adds one more (ms). */
  listWindowMs: number;
}

export interface ModelCard {
  id: number;
  typeId: number;
  ownerId: number;
  price: bigint;
  state: CardState;
  holdUntil: number;
  listBy: number;
  autoSell: boolean;
  listPrice: bigint | null;
  /** The seller's and the platform's shares, fixed when listed. */
  listSale: SaleSplit | null;
  listedAt: number | null;
  parentId: number | null;
}

export interface ModelOrder {
  id: number;
  userId: number;
  typeId: number;
  band: PriceBand;
  reserved: Reservation;
  state: 'waiting' | 'matched' | 'released' | 'cancelled';
  placedAt: number;
}

export interface ModelMatch {
  orderId: number;
  cardId: number;
  sellerId: number;
  buyerId: number;
  /** The price the card had when it was listed; the match price must be its next step. */
  priceBefore: bigint;
  price: bigint;
  listedAt: number;
}

export interface ModelSplit {
  parentId: number;
  parentPrice: bigint;
  pieces: { cardId: number; price: bigint }[];
}

export type Refusal =
  | 'NOT_FOUND'
  | 'CARD_ALREADY_LISTED'
  | 'CARD_NOT_IN_WAREHOUSE'
  | 'CARD_HOLDING'
  | 'CARD_RENEWAL_EXPIRED'
  | 'CARD_SESSION_NOT_OPEN'
  | 'PARAMETER_ERROR'
  | 'INSUFFICIENT_RUSD'
  | 'INSUFFICIENT_FUEL'
  | 'INSUFFICIENT_TRADE'
  | 'CARD_ORDER_NOT_CANCELLABLE'
  | 'CARD_ORDER_LIMIT_REACHED'
  | 'CARD_NOT_LISTED'
  | 'CARD_ALREADY_MATCHED';

export type Outcome = { ok: true; matched?: number } | { ok: false; refusal: Refusal };

const LEDGER_ORDER: readonly Asset[] = ['rusd', 'trade', 'fuel'];
const SHORT: Record<Asset, Refusal> = { rusd: 'INSUFFICIENT_RUSD', fuel: 'INSUFFICIENT_FUEL', trade: 'INSUFFICIENT_TRADE' };

type Account = `user:${number}` | 'escrow' | 'fees' | 'burned' | 'cards' | 'funding';

export class CardsMarketModel {
  now = 0;
  readonly cards = new Map<number, ModelCard>();
  readonly orders = new Map<number, ModelOrder>();
  readonly matches: ModelMatch[] = [];
  readonly splits: ModelSplit[] = [];
  readonly openSessions = new Set<number>();
  /** Cards the session-open handler listed by themselves. */
  autoListed = 0;
  /** Listings their sellers took back. */
  withdrawals = 0;
  readonly leaders = new Map<number, SplitRule | null>();
  private readonly balances = new Map<string, bigint>();
  private nextCardId = 1;
  private nextOrderId = 1;
  private nextListing = 1;

  constructor(
    readonly types: ReadonlyMap<number, ModelCardType>,
    /** Each user's referrer (absent: none). */
    readonly referrers: ReadonlyMap<number, number>,
    readonly platformRule: SplitRule,
  ) {}

  balance(account: Account, asset: Asset): bigint {
    return this.balances.get(`${account}/${asset}`) ?? 0n;
  }

  /** Every balance per asset; with the funding account's negative side they sum to zero. */
  totals(): Map<Asset, bigint> {
    const sums = new Map<Asset, bigint>(ASSETS.map((a) => [a, 0n]));
    for (const [key, value] of this.balances) {
      const asset = key.split('/')[1] as Asset;
      sums.set(asset, sums.get(asset)! + value);
    }
    return sums;
  }

  userBalances(): [string, bigint][] {
    return [...this.balances].filter(([key]) => key.startsWith('user:'));
  }

  /**
   * One movement; refused as a whole when an account (but funding) would go negative. Answers the refusal for
   * the first short asset in the order the ledger meets a user's accounts (rusd, trade, fuel: account ids).
   */
  private move(lines: [Account, Asset, bigint][]): Refusal | null {
    const next = new Map<string, bigint>();
    for (const [account, asset, amount] of lines) {
      const key = `${account}/${asset}`;
      next.set(key, (next.get(key) ?? this.balances.get(key) ?? 0n) + amount);
    }
    for (const asset of LEDGER_ORDER) {
      for (const [key, value] of next) if (value < 0n && !key.startsWith('funding/') && key.endsWith(`/${asset}`)) return SHORT[asset];
    }
    for (const [key, value] of next) this.balances.set(key, value);
    return null;
  }

  fund(userId: number, asset: Asset, amount: bigint): void {
    void this.move([
      [`user:${userId}`, asset, amount],
      ['funding', asset, -amount],
    ]);
  }

  advance(ms: number): void {
    this.now += ms;
  }

  private type(id: number): ModelCardType {
    return this.types.get(id)!;
  }

  /** A starter card from the platform's stock at the type's start price, during the type's session (stock unbounded here). */
  buyStarter(userId: number, typeId: number): Outcome {
    if (!this.openSessions.has(typeId)) return { ok: false, refusal: 'CARD_SESSION_NOT_OPEN' };
    const type = this.type(typeId);
    const costs = buyCosts(type.startPrice, { fuelFeeBp: type.fuelFeeBp, tradePoints: 0n });
    const lines: [Account, Asset, bigint][] = [
      [`user:${userId}`, 'rusd', -costs.price],
      ['cards', 'rusd', costs.price],
    ];
    if (costs.fuelFee > 0n) lines.push([`user:${userId}`, 'fuel', -costs.fuelFee], ['burned', 'fuel', costs.fuelFee]);
    const short = this.move(lines);
    if (short) return { ok: false, refusal: short };
    this.addCard(userId, typeId, type.startPrice, null);
    return { ok: true };
  }

  private addCard(ownerId: number, typeId: number, price: bigint, parentId: number | null, holdUntil?: number, listBy?: number): ModelCard {
    const type = this.type(typeId);
    const hold = holdUntil ?? this.now + type.holdMs;
    const card: ModelCard = {
      id: this.nextCardId++,
      typeId,
      ownerId,
      price,
      state: 'warehouse',
      holdUntil: hold,
      listBy: listBy ?? hold + type.listWindowMs,
      autoSell: false,
      listPrice: null,
      listSale: null,
      listedAt: null,
      parentId,
    };
    this.cards.set(card.id, card);
    return card;
  }

  private rulesCard(card: ModelCard) {
    return { ownerId: card.ownerId, state: card.state, holdUntil: card.holdUntil, listBy: card.listBy, autoSell: card.autoSell };
  }

  list(userId: number, cardId: number): Outcome {
    const card = this.cards.get(cardId);
    const problem = listingProblem(card && this.rulesCard(card), userId, this.now);
    if (problem) return { ok: false, refusal: problem };
    return this.putOnSale(card!);
  }

  private putOnSale(card: ModelCard): Outcome {
    card.state = 'listed';
    card.listPrice = nextStepPrice(card.price, this.type(card.typeId).stepBp);
    card.listSale = splitSalePrice(card.listPrice, this.type(card.typeId));
    // Listing order, not time: two cards listed in the same millisecond sell in the order they were listed.
    card.listedAt = this.nextListing++;
    if (!this.openSessions.has(card.typeId)) return { ok: true };
    const waiting = [...this.orders.values()].filter((o) => o.state === 'waiting' && o.typeId === card.typeId).map((o) => ({ ...o, orderId: o.id }));
    const order = pickOrder(waiting, card.listPrice, card.ownerId);
    if (!order) return { ok: true };
    this.match(this.orders.get(order.orderId)!, card);
    return { ok: true, matched: order.orderId };
  }

  /**
   * The seller takes a live listing off the market (decision 060): back to the warehouse, auto-sell off. A former
   * owner learns the card was matched (the only way a card leaves its owner is a sale of their listing).
   */
  withdraw(userId: number, cardId: number): Outcome {
    const card = this.cards.get(cardId);
    if (!card) return { ok: false, refusal: 'NOT_FOUND' };
    if (card.ownerId !== userId) {
      const sold = this.matches.some((m) => m.cardId === cardId && m.sellerId === userId);
      return { ok: false, refusal: sold ? 'CARD_ALREADY_MATCHED' : 'NOT_FOUND' };
    }
    if (card.state !== 'listed') return { ok: false, refusal: 'CARD_NOT_LISTED' };
    card.state = 'warehouse';
    card.autoSell = false;
    card.listPrice = null;
    card.listSale = null;
    card.listedAt = null;
    this.withdrawals += 1;
    return { ok: true };
  }

  setAuto(userId: number, cardId: number, on: boolean): Outcome {
    const card = this.cards.get(cardId);
    if (!card || card.ownerId !== userId) return { ok: false, refusal: 'NOT_FOUND' };
    if (card.state !== 'warehouse' && card.state !== 'listed') return { ok: false, refusal: 'CARD_NOT_IN_WAREHOUSE' };
    card.autoSell = on;
    return { ok: true };
  }

  renew(userId: number, cardId: number): Outcome {
    const card = this.cards.get(cardId);
    const problem = renewalProblem(card && this.rulesCard(card), userId, this.now);
    if (problem) return { ok: false, refusal: problem };
    const type = this.type(card!.typeId);
    const fee = renewalFee(card!.price, type.renewalFeeBp);
    const short =
      fee > 0n
        ? this.move([
            [`user:${userId}`, 'rusd', -fee],
            ['fees', 'rusd', fee],
          ])
        : null;
    if (short) return { ok: false, refusal: short };
    card!.listBy = renewedListBy(card!.listBy, type.listWindowMs);
    return { ok: true };
  }

  placeOrder(userId: number, typeId: number, band: PriceBand): Outcome {
    // The contract's `cardPrice`: positive, whole cents, min ≤ max.
    if (band.min <= 0n || band.max < band.min || !isPriceTick(band.min) || !isPriceTick(band.max)) return { ok: false, refusal: 'PARAMETER_ERROR' };
    if (!this.openSessions.has(typeId)) return { ok: false, refusal: 'CARD_SESSION_NOT_OPEN' };
    const waiting = [...this.orders.values()].filter((o) => o.state === 'waiting' && o.userId === userId && o.typeId === typeId).length;
    if (waiting >= MAX_WAITING_ORDERS) return { ok: false, refusal: 'CARD_ORDER_LIMIT_REACHED' };
    const reserved = reservationFor(band, this.type(typeId));
    const user: Account = `user:${userId}`;
    const lines: [Account, Asset, bigint][] = [];
    for (const asset of ASSETS) if (reserved[asset] > 0n) lines.push([user, asset, -reserved[asset]], ['escrow', asset, reserved[asset]]);
    const short = this.move(lines);
    if (short) return { ok: false, refusal: short };
    const order: ModelOrder = { id: this.nextOrderId++, userId, typeId, band, reserved, state: 'waiting', placedAt: this.now };
    this.orders.set(order.id, order);
    return this.matchOrder(order);
  }

  private listedOf(typeId: number) {
    return [...this.cards.values()]
      .filter((c) => c.state === 'listed' && c.typeId === typeId)
      .map((c) => ({ card: c, cardId: c.id, ownerId: c.ownerId, price: c.listPrice!, listedAt: c.listedAt! }));
  }

  private matchOrder(order: ModelOrder): Outcome {
    const listing = pickListing(this.listedOf(order.typeId), order.band, order.userId);
    if (!listing) return { ok: true };
    this.match(order, listing.card);
    return { ok: true, matched: order.id };
  }

  private match(order: ModelOrder, card: ModelCard): void {
    const type = this.type(card.typeId);
    const s = settle(card.listPrice!, card.listSale!, order.reserved, type);
    const buyer: Account = `user:${order.userId}`;
    const lines: [Account, Asset, bigint][] = [
      ['escrow', 'rusd', -order.reserved.rusd],
      [`user:${card.ownerId}`, 'rusd', s.sellerGets],
      ['fees', 'rusd', s.platformFee],
      [buyer, 'rusd', s.refund.rusd],
      ['escrow', 'fuel', -order.reserved.fuel],
      ['burned', 'fuel', s.fuelFee],
      [buyer, 'fuel', s.refund.fuel],
      ['escrow', 'trade', -order.reserved.trade],
      ['burned', 'trade', s.tradePoints],
      [buyer, 'trade', s.refund.trade],
    ];
    if (this.move(lines)) throw new Error('a match cannot fail: its reservation covers it');
    this.matches.push({
      orderId: order.id,
      cardId: card.id,
      sellerId: card.ownerId,
      buyerId: order.userId,
      priceBefore: card.price,
      price: s.price,
      listedAt: card.listedAt!,
    });
    order.state = 'matched';
    card.ownerId = order.userId;
    card.price = s.price;
    card.state = 'warehouse';
    card.holdUntil = this.now + type.holdMs;
    card.listBy = card.holdUntil + type.listWindowMs;
    card.autoSell = false;
    card.listPrice = null;
    card.listSale = null;
    card.listedAt = null;
    this.splitIfDue(card);
  }

  ruleFor(ownerId: number): SplitRule {
    const candidates = [];
    for (let user: number | undefined = ownerId, depth = 0; user !== undefined; user = this.referrers.get(user), depth += 1) {
      candidates.push({ depth, leader: this.leaders.has(user), rule: this.leaders.get(user) ?? null });
    }
    return ruleForOwner(candidates, this.platformRule);
  }

  private splitIfDue(card: ModelCard): void {
    const prices = splitPrices(card.price, this.ruleFor(card.ownerId), this.type(card.typeId).startPrice);
    if (!prices) return;
    card.state = 'split';
    const pieces = prices.map((price) => this.addCard(card.ownerId, card.typeId, price, card.id, card.holdUntil, card.listBy));
    this.splits.push({ parentId: card.id, parentPrice: card.price, pieces: pieces.map((p) => ({ cardId: p.id, price: p.price })) });
  }

  /** The session-open handler: list every due card of the type, then match waiting orders, oldest first. */
  openSession(typeId: number): void {
    // A session opens once; while one is open there is nothing to open.
    if (this.openSessions.has(typeId)) return;
    this.openSessions.add(typeId);
    const due = [...this.cards.values()].filter((c) => c.typeId === typeId && dueForAutoListing(this.rulesCard(c), this.now)).sort((a, b) => a.id - b.id);
    for (const card of due) {
      if (card.state !== 'warehouse') continue;
      this.autoListed += 1;
      this.putOnSale(card);
    }
    const waiting = [...this.orders.values()]
      .filter((o) => o.state === 'waiting' && o.typeId === typeId)
      .sort((a, b) => a.placedAt - b.placedAt || a.id - b.id);
    for (const order of waiting) if (order.state === 'waiting') this.matchOrder(order);
  }

  /** The session-close handler: every order still waiting is released in full. */
  closeSession(typeId: number): void {
    this.openSessions.delete(typeId);
    for (const order of this.orders.values()) if (order.state === 'waiting' && order.typeId === typeId) this.giveBack(order, 'released');
  }

  /** An operator cancels a waiting order: the reservation goes back in full. */
  cancelOrder(orderId: number): Outcome {
    const order = this.orders.get(orderId);
    if (!order) return { ok: false, refusal: 'NOT_FOUND' };
    if (order.state !== 'waiting') return { ok: false, refusal: 'CARD_ORDER_NOT_CANCELLABLE' };
    this.giveBack(order, 'cancelled');
    return { ok: true };
  }

  private giveBack(order: ModelOrder, state: 'released' | 'cancelled'): void {
    const lines: [Account, Asset, bigint][] = [];
    for (const asset of ASSETS) {
      if (order.reserved[asset] > 0n) lines.push(['escrow', asset, -order.reserved[asset]], [`user:${order.userId}`, asset, order.reserved[asset]]);
    }
    if (this.move(lines)) throw new Error('the escrow holds every waiting reservation');
    order.state = state;
  }

  /** Flags a leader; a rule replaces theirs, null keeps the one they have (none at first). */
  setLeaderRule(userId: number, rule: SplitRule | null): void {
    this.leaders.set(userId, rule ?? this.leaders.get(userId) ?? null);
  }
}
