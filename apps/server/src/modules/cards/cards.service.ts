/**
 * Cards (decisions 050, 051): card types, sessions (operators, weekly schedules, the open/close jobs' state
 * changes), the starter-card buy, my cards and a card's history. The market (listings, orders, matching,
 * renewal, split) is `trading.service.ts`, which may import this file; this file never imports it — the session
 * jobs (`session-jobs.ts`) call both.
 */
import {
  fromUnits,
  toUnits,
  type AdminCardSession,
  type AdminCardType,
  type CardHistoryLine,
  type CardSchedule,
  type CardSession,
  type CardTypeRules,
  type ErrorCode,
  type LanguageCode,
  type MyCard,
  type StarterCardType,
} from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { enqueueJob } from '../../infra/jobs/job-runner.js';
import { checkEvent, recordEvent } from '../events/events.service.js';
import { GroupWriter, type GroupOutcome } from '../idempotency/group-writer.js';
import { storedAnswer } from '../idempotency/idempotency.service.js';
import { balancesOf, buyStarterBatch } from '../ledger/ledger.service.js';
import { applyBp, nextStepPrice, splitSalePrice } from './pricing.js';
import * as repo from './cards.repository.js';
import { StockGates, type GateOutcome } from './stock-gate.js';

export type CardTypeRow = repo.CardTypeRow;
export type CardSessionRow = repo.CardSessionRow;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How far ahead a weekly schedule's sessions are written. */
export const SCHEDULE_HORIZON_DAYS = 14;
/** Job names on the runner (decision 051). */
export const SESSION_OPEN_JOB = 'cards.session-open';
export const SESSION_CLOSE_JOB = 'cards.session-close';

const iso = (d: Date) => d.toISOString();
const units = toUnits;
const amount = (u: bigint) => fromUnits(u);

// ───────────────────────────── sessions and the clock ─────────────────────────────

/**
 * Whether a session is open at `at`: inside its window by the clock AND not closed or cancelled by an operator.
 * The stored state alone is not enough (a late open or close job must never widen the window, decision 051).
 */
export function isSessionOpen(session: Pick<CardSessionRow, 'opensAt' | 'closesAt' | 'state'>, at: Date = clock.now()): boolean {
  return session.state !== 'closed' && session.state !== 'cancelled' && session.opensAt <= at && at < session.closesAt;
}

/** The users' view of a session at `now`: not_started / open / closed by the clock and the operators' actions. */
export function toSessionView(row: CardSessionRow, now: Date = clock.now()): CardSession {
  const state: CardSession['state'] =
    row.state === 'closed' || row.state === 'cancelled' || now >= row.closesAt ? 'closed' : now >= row.opensAt ? 'open' : 'not_started';
  return {
    id: row.id,
    card_type_id: row.cardTypeId,
    opens_at: iso(row.opensAt),
    closes_at: iso(row.closesAt),
    state,
    stock: row.stock,
    sold: row.sold,
    left: row.stock - row.sold,
    per_user_cap: row.perUserCap,
  };
}

/** A card type by id (active or not); undefined when there is none. */
export function findCardType(db: Executor, id: number): Promise<CardTypeRow | undefined> {
  return repo.findCardType(db, id);
}

/** The type's session that is open now (by the clock and its state), or null. */
export async function openSessionOfType(db: Executor, cardTypeId: number, at: Date = clock.now()): Promise<CardSessionRow | null> {
  const session = await repo.currentOrNextSession(db, cardTypeId, at);
  return session && isSessionOpen(session, at) ? session : null;
}

/** The type's open session, else its next one, as users see it (null when none is scheduled). */
export async function currentOrNextSessionView(db: Executor, cardTypeId: number, now: Date = clock.now()): Promise<CardSession | null> {
  const session = await repo.currentOrNextSession(db, cardTypeId, now);
  return session ? toSessionView(session, now) : null;
}

/** The name in `language`, else the operator's default name. */
export function cardTypeName(row: CardTypeRow, language: LanguageCode): string {
  const names = row.names as Partial<Record<LanguageCode, string>>;
  return names[language] ?? row.name;
}

export function toCardTypeRules(row: CardTypeRow, language: LanguageCode): CardTypeRules {
  return {
    id: row.id,
    name: cardTypeName(row, language),
    image: row.image,
    currency: 'rusd',
    start_price: row.startPrice,
    price_step_bp: row.priceStepBp,
    fuel_fee_bp: row.fuelFeeBp,
    trade_points: row.tradePoints,
    hold_days: row.holdDays,
    list_window_days: row.listWindowDays,
    platform_fee_bp: row.platformFeeBp,
    obtainable_bp: row.obtainableBp,
    renewal_fee_bp: row.renewalFeeBp,
  };
}

/** What listing a card of this price would ask and what its seller would obtain (pricing.ts, decision 053). */
export function saleOf(price: string, type: CardTypeRow): { nextPrice: bigint; obtainable: bigint; platformFee: bigint } {
  const nextPrice = nextStepPrice(units(price), type.priceStepBp);
  const { sellerGets, platformFee } = splitSalePrice(nextPrice, { platformFeeBp: type.platformFeeBp, obtainableBp: type.obtainableBp });
  return { nextPrice, obtainable: sellerGets, platformFee };
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a UTC time. */
function isoWeekday(at: Date): number {
  return ((at.getUTCDay() + 6) % 7) + 1;
}

export async function sessionClock(db: Database) {
  const now = clock.now();
  const sessions = await repo.currentOrNextSessions(db, now);
  return { now: iso(now), sessions: sessions.map((s) => toSessionView(s, now)) };
}

// ───────────────────────────── starter cards ─────────────────────────────

function starterView(type: CardTypeRow, session: CardSessionRow | undefined, bought: number, language: LanguageCode, now: Date): StarterCardType {
  return {
    ...toCardTypeRules(type, language),
    fuel_fee: amount(applyBp(units(type.startPrice), type.fuelFeeBp)),
    session: session ? toSessionView(session, now) : null,
    bought_by_me: bought,
  };
}

export async function listStarterTypes(db: Database, userId: number, language: LanguageCode) {
  const now = clock.now();
  const [types, sessions] = [await repo.listCardTypes(db, true), await repo.currentOrNextSessions(db, now)];
  const byType = new Map(sessions.map((s) => [s.cardTypeId, s]));
  const bought = await repo.boughtInSessions(
    db,
    userId,
    sessions.map((s) => s.id),
  );
  return {
    now: iso(now),
    list: types.map((t) => {
      const session = byType.get(t.id);
      return starterView(t, session, session ? (bought.get(session.id) ?? 0) : 0, language, now);
    }),
  };
}

export async function getStarterType(db: Database, userId: number, typeId: number, language: LanguageCode) {
  const now = clock.now();
  const type = await repo.findCardType(db, typeId);
  if (!type || !type.active) throw new DomainError('NOT_FOUND');
  const session = await repo.currentOrNextSession(db, typeId, now);
  const bought = session ? ((await repo.boughtInSessions(db, userId, [session.id])).get(session.id) ?? 0) : 0;
  return { ...starterView(type, session, bought, language, now), now: iso(now) };
}

export interface StarterPurchase {
  card: MyCard;
  entry_id: number;
  session_id: number;
  balance_rusd: string;
  balance_fuel: string;
}

/** How long a process trusts its copy of a type and its session for the cheap refusals (real time, decision 051). */
const SNAPSHOT_MAX_AGE_MS = 250;

interface Snapshot {
  type: CardTypeRow | undefined;
  session: CardSessionRow | undefined;
}

/** Per database handle: the types' snapshots (with the read in progress shared) and the sessions' stock gates. */
interface BurstState {
  snapshots: Map<number, { at: number; value: Promise<Snapshot> }>;
  gates: StockGates;
  writer: GroupWriter<StarterBuy, StarterPurchase>;
}
const burstStates = new WeakMap<Database, BurstState>();

function burstState(db: Database): BurstState {
  let state = burstStates.get(db);
  if (!state) {
    state = { snapshots: new Map(), gates: new StockGates(SNAPSHOT_MAX_AGE_MS), writer: starterWriter(db) };
    burstStates.set(db, state);
  }
  return state;
}

/**
 * The type and its current-or-next session as this process last read them, at most SNAPSHOT_MAX_AGE_MS old: a
 * burst of presses costs one read per period, not one per press. Only the cheap refusals use it; the transaction
 * re-checks everything on the locked rows.
 */
/**
 * An operator changed the type or its sessions: this process reads them again at the next press. Called once the
 * change committed (the admin route's after-commit, decision 093) with the handle the buys use, never the
 * operator's transaction: forgotten earlier, a press in between would cache the old rows again.
 */
export function forgetSnapshot(db: Database, typeId: number): void {
  burstStates.get(db)?.snapshots.delete(typeId);
}

function snapshotOf(db: Database, typeId: number): Promise<Snapshot> {
  const state = burstState(db);
  const cached = state.snapshots.get(typeId);
  const realNow = performance.now();
  if (cached && realNow - cached.at <= SNAPSHOT_MAX_AGE_MS) return cached.value;
  const value = (async () => {
    const type = await repo.findCardType(db, typeId);
    return { type, session: type ? await repo.currentOrNextSession(db, typeId, clock.now()) : undefined };
  })();
  state.snapshots.set(typeId, { at: realNow, value });
  value.catch(() => state.snapshots.delete(typeId));
  return value;
}

/**
 * Buys one starter card (decision 051). The cheap refusals first, from this process's snapshot of the type and its
 * session (no open session, sold out) — each after looking for a replay of the Idempotency-Key, so a retried
 * success still gets its card. Then the session's stock gate: at most as many buyers inside a transaction as cards
 * are left, the rest wait their turn or are refused once the stock is gone. Then one transaction: the per-user cap
 * (a conditional upsert on the user's own row), the stock (ONE conditional UPDATE, which also re-checks the window
 * by the clock), the card, and ONE ledger entry moving the price (RUSD → `cards`) and the fuel fee (fuel →
 * `burned`); a shortfall rolls everything back and names the asset.
 */
export async function buyStarterCard(db: Database, userId: number, typeId: number, language: LanguageCode, idempotencyKey: string | undefined) {
  const scope = { userId, key: idempotencyKey, request: { buy: 'starter-card', typeId } };
  const refuse = async (code: ErrorCode): Promise<StarterPurchase> => {
    const replay = await storedAnswer<StarterPurchase>(db, scope);
    if (replay) return replay.response;
    throw new DomainError(code);
  };

  const { type, session } = await snapshotOf(db, typeId);
  if (!type) return refuse('NOT_FOUND');
  if (!type.active) return refuse('CARD_TYPE_INACTIVE');
  if (!session || !isSessionOpen(session, clock.now())) return refuse('CARD_SESSION_NOT_OPEN');
  const gate = burstState(db).gates.gateFor(session.id, performance.now(), () => session.stock - session.sold);
  if (gate.soldOut) return refuse('CARD_SOLD_OUT');
  // The buyer's own refusals from two reads, before taking a place at the gate: a burst's presses that cannot pay
  // or are over the cap never open a transaction (which re-checks both on locked rows).
  const [balances, bought] = [await balancesOf(db, userId), await repo.boughtInSessions(db, userId, [session.id])];
  if ((bought.get(session.id) ?? 0) >= session.perUserCap) return refuse('CARD_LIMIT_REACHED');
  const price = units(type.startPrice);
  if (units(balances.get('rusd') ?? '0') < price) return refuse('INSUFFICIENT_RUSD');
  if (units(balances.get('fuel') ?? '0') < applyBp(price, type.fuelFeeBp)) return refuse('INSUFFICIENT_FUEL');
  if (!(await gate.enter())) return refuse('CARD_SOLD_OUT');

  let outcome: GateOutcome = 'failed';
  try {
    const { answer, replayed } = await burstState(db).writer.submitTracked({
      input: { userId, type, session, language, at: clock.now() },
      key: idempotencyKey,
      request: scope.request,
    });
    if (!replayed) outcome = 'bought';
    return answer;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'CARD_SOLD_OUT') outcome = 'sold_out';
    throw error;
  } finally {
    gate.leave(outcome);
  }
}

/** A starter purchase waiting for its session's next group commit (decision 061). */
interface StarterBuy {
  userId: number;
  type: CardTypeRow;
  session: CardSessionRow;
  language: LanguageCode;
  at: Date;
}

/** The most purchases one transaction carries: the session's stock row and the `cards` account are held meanwhile. */
export const MAX_STARTER_BUYS_PER_COMMIT = 64;

/**
 * The purchases of one session commit together (decision 061): every purchase locks the session's stock row and
 * the `cards` and `burned` accounts until its commit, so one at a time a session sells one card per commit (WAL
 * flush) plus a dozen round trips. Grouped, each purchase is one subtransaction of `reef_cards_buy_starter_batch`
 * (the cap row, the card, ONE ledger entry, the ONE conditional stock UPDATE, the history line and the event, in
 * the order decision 051 gave them), and a group costs one transaction, one connection and one flush.
 */
function starterWriter(db: Database): GroupWriter<StarterBuy, StarterPurchase> {
  return new GroupWriter<StarterBuy, StarterPurchase>(db, {
    maxPerCommit: MAX_STARTER_BUYS_PER_COMMIT,
    laneOf: (buy) => String(buy.session.id),
    userOf: (buy) => buy.userId,
    run: async (tx, buys) => {
      const ran = await buyStarterBatch(
        tx,
        buys.map(({ userId, type, session, at }) => {
          const holdUntil = new Date(at.getTime() + type.holdDays * DAY_MS);
          return {
            userId,
            typeId: type.id,
            sessionId: session.id,
            perUserCap: session.perUserCap,
            price: type.startPrice,
            fuelFee: amount(applyBp(units(type.startPrice), type.fuelFeeBp)),
            holdUntil,
            listBy: new Date(holdUntil.getTime() + type.listWindowDays * DAY_MS),
            now: at,
          };
        }),
      );
      const bought = new Map(
        (
          await repo.cardsByIds(
            tx,
            ran.flatMap((o) => ('ok' in o ? [o.ok.card_id] : [])),
          )
        ).map((row) => [row.card.id, row]),
      );
      return ran.map((outcome, i): GroupOutcome<StarterPurchase> => {
        const { userId, session, language, at } = buys[i]!;
        if (!('ok' in outcome)) return { error: starterRefusal(outcome.error, session, at) };
        const { card_id: cardId, event, ...result } = outcome.ok;
        // A payload the contract refuses fails the transaction: no purchase of the group happened.
        checkEvent({ type: 'card.bought', user_id: userId, ...event });
        return { answer: { card: myCardView(bought.get(cardId)!, language, at), ...result, session_id: session.id } };
      });
    },
  });
}

/** The refusal a purchase's failure means to the buyer: a shortfall per asset; no stock, or the window shut. */
function starterRefusal(error: Error, session: CardSessionRow, at: Date): unknown {
  if (error instanceof DomainError && error.code === 'CARD_SOLD_OUT' && !isSessionOpen(session, at)) return new DomainError('CARD_SESSION_NOT_OPEN');
  try {
    return shortfallByAsset(error);
  } catch (refusal) {
    return refusal;
  }
}

/** The ledger's INSUFFICIENT_BALANCE names the asset; the cards pages need a code per asset (decision 050). */
export function shortfallByAsset(error: unknown): never {
  if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
    const asset = error.details.asset;
    if (asset === 'rusd') throw new DomainError('INSUFFICIENT_RUSD', { asset });
    if (asset === 'fuel') throw new DomainError('INSUFFICIENT_FUEL', { asset });
    if (asset === 'trade') throw new DomainError('INSUFFICIENT_TRADE', { asset });
  }
  throw error;
}

// ───────────────────────────── my cards ─────────────────────────────

function myCardView(row: repo.CardDetailRow, language: LanguageCode, now: Date): MyCard {
  const { card, type } = row;
  const sale = saleOf(card.price, type);
  const inWarehouse = card.state === 'warehouse';
  const holdOver = now >= card.holdUntil;
  return {
    id: card.id,
    card_type_id: type.id,
    name: cardTypeName(type, language),
    image: type.image,
    state: card.state as MyCard['state'],
    price: card.price,
    purchase_price: card.purchasePrice,
    purchased_at: iso(card.purchasedAt),
    fuel_fee: card.fuelFee,
    match_price: null,
    matched_at: null,
    obtainable: row.listingObtainable ?? amount(sale.obtainable),
    next_price: amount(sale.nextPrice),
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    auto_sell: card.autoSell,
    session_weekday: row.sessionOpensAt ? isoWeekday(row.sessionOpensAt) : null,
    listing_id: row.listingId,
    listable: inWarehouse && holdOver,
    renewable: inWarehouse && holdOver && now < card.listBy,
  };
}

function soldCardView(row: repo.SoldCardRow, language: LanguageCode): MyCard {
  const { card, type, match } = row;
  return {
    id: card.id,
    card_type_id: type.id,
    name: cardTypeName(type, language),
    image: type.image,
    state: 'sold',
    price: match.price,
    purchase_price: row.listedCardPrice,
    purchased_at: iso(row.acquiredAt ?? match.createdAt),
    fuel_fee: row.acquiredFuelFee ?? '0.00000000',
    match_price: match.price,
    matched_at: iso(match.createdAt),
    obtainable: match.sellerObtained,
    next_price: amount(nextStepPrice(units(match.price), type.priceStepBp)),
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    auto_sell: false,
    session_weekday: row.sessionOpensAt ? isoWeekday(row.sessionOpensAt) : null,
    listing_id: null,
    listable: false,
    renewable: false,
  };
}

export async function listMyCards(
  db: Database,
  userId: number,
  query: { page: number; limit: number; state?: MyCard['state'] | undefined },
  language: LanguageCode,
) {
  const now = clock.now();
  const { page, total } = await repo.myCardPage(db, userId, query.state, query.limit, (query.page - 1) * query.limit);
  const held = new Map(
    (
      await repo.cardsByIds(
        db,
        page.filter((p) => p.kind === 'card').map((p) => p.id),
      )
    ).map((r) => [r.card.id, r]),
  );
  const sold = new Map(
    (
      await repo.soldByMatchIds(
        db,
        page.filter((p) => p.kind === 'sold').map((p) => p.id),
      )
    ).map((r) => [r.match.id, r]),
  );
  const list = page.map((p) => (p.kind === 'card' ? myCardView(held.get(p.id)!, language, now) : soldCardView(sold.get(p.id)!, language)));
  return { list, page: query.page, limit: query.limit, total, now: iso(now) };
}

/**
 * One card the caller owns or owned, with its whole history. Owners other than the caller are shown as "#1",
 * "#2"… in the order they first appear on this card (decision 050); someone who never owned it gets NOT_FOUND.
 */
export async function getMyCard(db: Database, userId: number, cardId: number, language: LanguageCode) {
  const now = clock.now();
  const row = await repo.cardById(db, cardId);
  if (!row) throw new DomainError('NOT_FOUND');
  const owns = row.card.ownerId === userId;
  if (!owns && !(await repo.everOwned(db, cardId, userId))) throw new DomainError('NOT_FOUND');
  let card: MyCard;
  if (owns) card = myCardView(row, language, now);
  else {
    const matchId = await repo.latestSaleBy(db, cardId, userId);
    const sold = matchId === undefined ? [] : await repo.soldByMatchIds(db, [matchId]);
    // Owned once but not sold by the caller (a split piece's parent went to its pieces): show the card as it is.
    card = sold[0] ? soldCardView(sold[0], language) : { ...myCardView(row, language, now), listable: false, renewable: false, auto_sell: false };
  }
  const labels = new Map<number, string>();
  const history: CardHistoryLine[] = (await repo.historyOf(db, cardId)).map((h) => {
    const mine = h.ownerId === userId;
    if (!mine && !labels.has(h.ownerId)) labels.set(h.ownerId, `#${labels.size + 1}`);
    return {
      id: h.id,
      event: h.event as CardHistoryLine['event'],
      price: h.price,
      owner: mine ? userId : null,
      owner_label: mine ? 'you' : labels.get(h.ownerId)!,
      created_at: iso(h.createdAt),
    };
  });
  return { now: iso(now), card, rules: toCardTypeRules(row.type, language), history };
}

// ───────────────────────────── operators: card types ─────────────────────────────

function adminTypeView(row: CardTypeRow): AdminCardType {
  return {
    ...toCardTypeRules(row, 'en-us'),
    name: row.name,
    names: row.names as Record<string, string>,
    per_user_cap: row.perUserCap,
    active: row.active,
    sort: row.sort,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export async function adminListTypes(db: Database) {
  return { list: (await repo.listCardTypes(db, false)).map(adminTypeView) };
}

export interface CardTypeInput {
  name?: string | undefined;
  names?: Partial<Record<LanguageCode, string>> | undefined;
  image?: string | undefined;
  start_price?: string | undefined;
  price_step_bp?: number | undefined;
  fuel_fee_bp?: number | undefined;
  trade_points?: string | undefined;
  hold_days?: number | undefined;
  list_window_days?: number | undefined;
  platform_fee_bp?: number | undefined;
  obtainable_bp?: number | undefined;
  renewal_fee_bp?: number | undefined;
  per_user_cap?: number | undefined;
  active?: boolean | undefined;
  sort?: number | undefined;
}

function typeColumns(input: CardTypeInput): Partial<repo.CardTypeInsert> {
  const columns: Partial<repo.CardTypeInsert> = {
    name: input.name,
    names: input.names,
    image: input.image,
    startPrice: input.start_price,
    priceStepBp: input.price_step_bp,
    fuelFeeBp: input.fuel_fee_bp,
    tradePoints: input.trade_points,
    holdDays: input.hold_days,
    listWindowDays: input.list_window_days,
    platformFeeBp: input.platform_fee_bp,
    obtainableBp: input.obtainable_bp,
    renewalFeeBp: input.renewal_fee_bp,
    perUserCap: input.per_user_cap,
    active: input.active,
    sort: input.sort,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<repo.CardTypeInsert>;
}

async function audit(
  tx: Transaction,
  operatorId: number,
  target: 'card_type' | 'session' | 'schedule',
  targetId: number,
  action: 'create' | 'update' | 'open' | 'close' | 'cancel',
  before: object | null,
  after: object | null,
) {
  await recordEvent(tx, {
    type: 'card.admin_changed',
    user_id: operatorId,
    target,
    target_id: targetId,
    action,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  });
}

export async function adminCreateType(db: Database, operatorId: number, input: CardTypeInput & { name: string; start_price: string; platform_fee_bp: number }) {
  return db.transaction(async (tx) => {
    const columns = typeColumns(input);
    const row = await repo.insertCardType(tx, {
      ...(columns as repo.CardTypeInsert),
      obtainableBp: input.obtainable_bp ?? 10_000 - input.platform_fee_bp,
      createdBy: operatorId,
    });
    const view = adminTypeView(row);
    await audit(tx, operatorId, 'card_type', row.id, 'create', null, view);
    return view;
  });
}

export async function adminUpdateType(db: Database, operatorId: number, id: number, input: CardTypeInput) {
  const result = await db.transaction(async (tx) => {
    const before = await repo.lockCardType(tx, id);
    if (!before) throw new DomainError('NOT_FOUND');
    const columns = typeColumns(input);
    const feeBp = input.platform_fee_bp ?? before.platformFeeBp;
    const obtainableBp = input.obtainable_bp ?? before.obtainableBp;
    // A fee raised past what the obtainable rate leaves would break the type's CHECK: refuse it as bad input.
    if (feeBp + obtainableBp > 10_000) throw new DomainError('PARAMETER_ERROR');
    const row = await repo.updateCardType(tx, id, { ...columns, updatedAt: clock.now() });
    const view = adminTypeView(row!);
    await audit(tx, operatorId, 'card_type', id, 'update', adminTypeView(before), view);
    return view;
  });
  return result;
}

// ───────────────────────────── operators: sessions ─────────────────────────────

function adminSessionView(row: CardSessionRow, now: Date = clock.now()): AdminCardSession {
  return {
    ...toSessionView(row, now),
    stored_state: row.state as AdminCardSession['stored_state'],
    schedule_id: row.scheduleId,
    opened_at: row.openedAt ? iso(row.openedAt) : null,
    closed_at: row.closedAt ? iso(row.closedAt) : null,
    created_at: iso(row.createdAt),
  };
}

/** The open and close jobs of a session, keyed by session and time: a moved window gets new jobs, the old ones find nothing to do. */
export async function enqueueSessionJobs(tx: Executor, session: CardSessionRow): Promise<void> {
  await enqueueJob(tx, {
    name: SESSION_OPEN_JOB,
    key: `${SESSION_OPEN_JOB}:${session.id}:${session.opensAt.getTime()}`,
    payload: { sessionId: session.id },
    runAt: session.opensAt,
  });
  await enqueueJob(tx, {
    name: SESSION_CLOSE_JOB,
    key: `${SESSION_CLOSE_JOB}:${session.id}:${session.closesAt.getTime()}`,
    payload: { sessionId: session.id },
    runAt: session.closesAt,
  });
}

export async function adminListSessions(db: Database, query: { page: number; limit: number; type?: number | undefined; state?: string | undefined }) {
  const now = clock.now();
  const { list, total } = await repo.listSessions(db, { cardTypeId: query.type, state: query.state }, query.limit, (query.page - 1) * query.limit);
  return { list: list.map((s) => adminSessionView(s, now)), page: query.page, limit: query.limit, total, now: iso(now) };
}

export async function adminCreateSession(
  db: Database,
  operatorId: number,
  input: { card_type_id: number; opens_at: string; closes_at: string; stock: number; per_user_cap?: number | undefined },
) {
  const result = await db.transaction(async (tx) => {
    const type = await repo.lockCardType(tx, input.card_type_id);
    if (!type) throw new DomainError('NOT_FOUND');
    const opensAt = new Date(input.opens_at);
    const closesAt = new Date(input.closes_at);
    if (closesAt <= clock.now()) throw new DomainError('CARD_SESSION_CLOSED');
    if (await repo.overlappingSession(tx, type.id, opensAt, closesAt, null)) throw new DomainError('CARD_SESSION_OVERLAP');
    const row = (await repo.insertSession(tx, {
      cardTypeId: type.id,
      opensAt,
      closesAt,
      stock: input.stock,
      perUserCap: input.per_user_cap ?? type.perUserCap,
      createdBy: operatorId,
    }))!;
    await enqueueSessionJobs(tx, row);
    const view = adminSessionView(row);
    await audit(tx, operatorId, 'session', row.id, 'create', null, view);
    return view;
  });
  return result;
}

/** A session that can still be edited: not closed, cancelled or past its window. */
function assertNotEnded(row: CardSessionRow, now: Date) {
  if (row.state === 'closed' || row.state === 'cancelled' || now >= row.closesAt) throw new DomainError('CARD_SESSION_CLOSED');
}

/** Locks session `id` (NOT_FOUND when there is none), its card type first when `withType`. */
async function lockSessionById(tx: Executor, id: number, { withType }: { withType: boolean }): Promise<CardSessionRow> {
  const found = await repo.findSession(tx, id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (withType) await repo.lockCardType(tx, found.cardTypeId);
  return (await repo.lockSession(tx, id))!;
}

export async function adminUpdateSession(
  db: Database,
  operatorId: number,
  id: number,
  input: {
    opens_at?: string | undefined;
    closes_at?: string | undefined;
    stock?: number | undefined;
    per_user_cap?: number | undefined;
    cancelled?: true | undefined;
  },
) {
  const result = await db.transaction(async (tx) => {
    const before = await lockSessionById(tx, id, { withType: true });
    const now = clock.now();
    assertNotEnded(before, now);
    const started = before.state === 'open' || now >= before.opensAt;
    if (started && (input.opens_at !== undefined || input.cancelled)) throw new DomainError('CARD_SESSION_STARTED');
    if (input.stock !== undefined && input.stock < before.sold) throw new DomainError('CARD_STOCK_BELOW_SOLD');
    const opensAt = input.opens_at ? new Date(input.opens_at) : before.opensAt;
    const closesAt = input.closes_at ? new Date(input.closes_at) : before.closesAt;
    if (closesAt <= opensAt || closesAt <= now) throw new DomainError('PARAMETER_ERROR');
    if (await repo.overlappingSession(tx, before.cardTypeId, opensAt, closesAt, id)) throw new DomainError('CARD_SESSION_OVERLAP');
    const row = (await repo.updateSession(tx, id, {
      opensAt,
      closesAt,
      stock: input.stock ?? before.stock,
      perUserCap: input.per_user_cap ?? before.perUserCap,
      ...(input.cancelled ? { state: 'cancelled', closedAt: now } : {}),
    }))!;
    if (!input.cancelled) await enqueueSessionJobs(tx, row);
    const view = adminSessionView(row, now);
    await audit(tx, operatorId, 'session', id, input.cancelled ? 'cancel' : 'update', adminSessionView(before, now), view);
    return view;
  });
  return result;
}

/**
 * An operator opens a session now: a scheduled one's window starts now (CARD_SESSION_OVERLAP if that runs into
 * an earlier session), an open one stays open. Returns the row for the opening work (session-jobs.ts).
 */
export async function adminOpenSession(db: Database, operatorId: number, id: number): Promise<CardSessionRow> {
  const result = await db.transaction(async (tx) => {
    const before = await lockSessionById(tx, id, { withType: true });
    const now = clock.now();
    assertNotEnded(before, now);
    const opensAt = before.opensAt <= now ? before.opensAt : now;
    if (opensAt < before.opensAt && (await repo.overlappingSession(tx, before.cardTypeId, opensAt, before.closesAt, id))) {
      throw new DomainError('CARD_SESSION_OVERLAP');
    }
    const row = (await repo.updateSession(tx, id, { opensAt, state: 'open', openedAt: before.openedAt ?? now }))!;
    await audit(tx, operatorId, 'session', id, 'open', adminSessionView(before, now), adminSessionView(row, now));
    return row;
  });
  return result;
}

/** An operator closes a session now: its window ends now (one that never opened is cancelled instead). */
export async function adminCloseSession(db: Database, operatorId: number, id: number): Promise<CardSessionRow> {
  const result = await db.transaction(async (tx) => {
    const before = await lockSessionById(tx, id, { withType: false });
    const now = clock.now();
    if (before.state === 'closed' || before.state === 'cancelled') throw new DomainError('CARD_SESSION_CLOSED');
    const neverOpened = now < before.opensAt && before.state === 'scheduled';
    const row = (await repo.updateSession(
      tx,
      id,
      neverOpened ? { state: 'cancelled', closedAt: now } : { state: 'closed', closedAt: now, closesAt: before.closesAt < now ? before.closesAt : now },
    ))!;
    await audit(tx, operatorId, 'session', id, neverOpened ? 'cancel' : 'close', adminSessionView(before, now), adminSessionView(row, now));
    return row;
  });
  return result;
}

export function adminSessionAnswer(row: CardSessionRow): AdminCardSession {
  return adminSessionView(row);
}

/** The open job's state change: the session becomes `open` once the clock is inside its window. */
export async function markOpen(db: Database, id: number): Promise<CardSessionRow | null> {
  const now = clock.now();
  const row = (await repo.markSessionOpen(db, id, now)) ?? (await repo.findSession(db, id));
  return row && row.state === 'open' && isSessionOpen(row, now) ? row : null;
}

/** The close job's state change: the session becomes `closed` once its window has passed. */
export async function markClosed(db: Database, id: number): Promise<CardSessionRow | null> {
  const now = clock.now();
  const row = (await repo.markSessionClosed(db, id, now)) ?? (await repo.findSession(db, id));
  return row && row.state === 'closed' ? row : null;
}

// ───────────────────────────── operators: weekly schedules ─────────────────────────────

const weekdaysOf = (mask: number) => [1, 2, 3, 4, 5, 6, 7].filter((d) => (mask & (1 << (d - 1))) !== 0);
const maskOf = (days: number[]) => days.reduce((mask, d) => mask | (1 << (d - 1)), 0);

function scheduleView(row: repo.CardScheduleRow): CardSchedule {
  return {
    id: row.id,
    card_type_id: row.cardTypeId,
    weekdays: weekdaysOf(row.weekdays),
    open_minute: row.openMinute,
    duration_minutes: row.durationMinutes,
    stock: row.stock,
    per_user_cap: row.perUserCap,
    active: row.active,
    materialised_until: row.materialisedUntil ? iso(row.materialisedUntil) : null,
    created_at: iso(row.createdAt),
  };
}

export async function adminListSchedules(db: Database) {
  return { list: (await repo.listSchedules(db, false)).map(scheduleView) };
}

export async function adminCreateSchedule(
  db: Database,
  operatorId: number,
  input: { card_type_id: number; weekdays: number[]; open_minute: number; duration_minutes: number; stock: number; per_user_cap?: number | undefined },
) {
  const created = await db.transaction(async (tx) => {
    const type = await repo.lockCardType(tx, input.card_type_id);
    if (!type) throw new DomainError('NOT_FOUND');
    const row = await repo.insertSchedule(tx, {
      cardTypeId: type.id,
      weekdays: maskOf(input.weekdays),
      openMinute: input.open_minute,
      durationMinutes: input.duration_minutes,
      stock: input.stock,
      perUserCap: input.per_user_cap ?? type.perUserCap,
      createdBy: operatorId,
    });
    await audit(tx, operatorId, 'schedule', row.id, 'create', null, scheduleView(row));
    return row;
  });
  await materialiseSchedule(db, created.id);
  return scheduleView((await repo.findSchedule(db, created.id))!);
}

export async function adminUpdateSchedule(
  db: Database,
  operatorId: number,
  id: number,
  input: {
    weekdays?: number[] | undefined;
    open_minute?: number | undefined;
    duration_minutes?: number | undefined;
    stock?: number | undefined;
    per_user_cap?: number | undefined;
    active?: boolean | undefined;
  },
) {
  await db.transaction(async (tx) => {
    const before = await repo.findSchedule(tx, id);
    if (!before) throw new DomainError('NOT_FOUND');
    const row = await repo.updateSchedule(tx, id, {
      weekdays: input.weekdays ? maskOf(input.weekdays) : before.weekdays,
      openMinute: input.open_minute ?? before.openMinute,
      durationMinutes: input.duration_minutes ?? before.durationMinutes,
      stock: input.stock ?? before.stock,
      perUserCap: input.per_user_cap ?? before.perUserCap,
      active: input.active ?? before.active,
      // Written again from now on: unchanged windows are kept by the unique index, new ones are added.
      materialisedUntil: null,
    });
    await audit(tx, operatorId, 'schedule', id, 'update', scheduleView(before), scheduleView(row!));
  });
  await materialiseSchedule(db, id);
  return scheduleView((await repo.findSchedule(db, id))!);
}

/** The windows a schedule opens in [from, until): one per listed weekday, at open_minute past midnight UTC. */
export function scheduleWindows(
  schedule: Pick<repo.CardScheduleRow, 'weekdays' | 'openMinute' | 'durationMinutes'>,
  from: Date,
  until: Date,
): { opensAt: Date; closesAt: Date }[] {
  const windows = [];
  const firstDay = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let day = firstDay; day < until.getTime(); day += DAY_MS) {
    if ((schedule.weekdays & (1 << (isoWeekday(new Date(day)) - 1))) === 0) continue;
    const opensAt = new Date(day + schedule.openMinute * MINUTE_MS);
    if (opensAt < from || opensAt >= until) continue;
    windows.push({ opensAt, closesAt: new Date(opensAt.getTime() + schedule.durationMinutes * MINUTE_MS) });
  }
  return windows;
}

/**
 * Writes a schedule's sessions for the next SCHEDULE_HORIZON_DAYS (from where it stopped, never in the past) with
 * their open/close jobs. A window that would overlap another session of the type is skipped; the unique
 * (schedule, opens_at) index writes each session once however often this runs. Returns the sessions written.
 */
export async function materialiseSchedule(db: Database, scheduleId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const schedule = await repo.findSchedule(tx, scheduleId);
    if (!schedule || !schedule.active) return 0;
    const type = await repo.lockCardType(tx, schedule.cardTypeId);
    if (!type) return 0;
    const now = clock.now();
    const until = new Date(now.getTime() + SCHEDULE_HORIZON_DAYS * DAY_MS);
    const from = schedule.materialisedUntil && schedule.materialisedUntil > now ? schedule.materialisedUntil : now;
    let written = 0;
    for (const w of scheduleWindows(schedule, from, until)) {
      if (await repo.overlappingSession(tx, type.id, w.opensAt, w.closesAt, null)) continue;
      const row = await repo.insertSession(tx, {
        cardTypeId: type.id,
        scheduleId: schedule.id,
        opensAt: w.opensAt,
        closesAt: w.closesAt,
        stock: schedule.stock,
        perUserCap: schedule.perUserCap,
      });
      if (!row) continue;
      await enqueueSessionJobs(tx, row);
      written += 1;
    }
    await repo.updateSchedule(tx, schedule.id, { materialisedUntil: until });
    return written;
  });
}

/** The periodic job: every active schedule's coming sessions. */
export async function materialiseSchedules(db: Database): Promise<number> {
  let written = 0;
  for (const schedule of await repo.listSchedules(db, true)) written += await materialiseSchedule(db, schedule.id);
  return written;
}
