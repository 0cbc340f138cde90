/**
 * Starter cards (decisions 050, 051, 061): the types on offer with their current-or-next session, and the buy. A
 * burst of buyers meets cheap refusals from this process's snapshot first, then the session's stock gate, then
 * commits in groups: one transaction a group, each purchase a subtransaction of `reef_cards_buy_starter_batch`.
 */
import { fromUnits, toUnits, type ErrorCode, type LanguageCode, type MyCard, type StarterCardType } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { LookupBatcher } from '../../core/lookup-batcher.js';
import type { Database } from '../../db/client.js';
import { checkEvent } from '../events/events.service.js';
import { GroupWriter, type GroupOutcome } from '../idempotency/group-writer.js';
import { storedAnswer } from '../idempotency/idempotency.service.js';
import { buyStarterBatch } from '../ledger/ledger.service.js';
import { isSessionOpen, toCardTypeRules, toSessionView, type CardSessionRow, type CardTypeRow } from './cards.service.js';
import * as repo from './cards.repository.js';
import { myCardView } from './my-cards.js';
import { applyBp } from './pricing.js';
import { StockGates, type GateOutcome } from './stock-gate.js';

const DAY_MS = 86_400_000;
const units = toUnits;
const amount = (u: bigint) => fromUnits(u);
const iso = (d: Date) => d.toISOString();

function starterView(type: CardTypeRow, session: CardSessionRow | undefined, bought: number, language: LanguageCode, now: Date): StarterCardType {
  return {
    ...toCardTypeRules(type, language),
    fuel_fee: amount(applyBp(units(type.startPrice), type.fuelFeeBp)),
    session: session ? toSessionView(session, now) : null,
    bought_by_me: bought,
  };
}

export async function listStarterTypes(db: Database, userId: number, language: LanguageCode, now = clock.now()) {
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

export async function getStarterType(db: Database, userId: number, typeId: number, language: LanguageCode, now = clock.now()) {
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

/** The most buyers one pre-check statement carries. */
const MAX_BUYERS_PER_LOOKUP = 256;

/** The pre-check facts of these buyers, one statement per session among them, in the keys' order. */
async function buyerFactsOf(db: Database, keys: { sessionId: number; userId: number }[]): Promise<repo.BuyerFacts[]> {
  const bySession = new Map<number, Map<number, repo.BuyerFacts>>();
  for (const sessionId of new Set(keys.map((k) => k.sessionId))) {
    const userIds = [...new Set(keys.filter((k) => k.sessionId === sessionId).map((k) => k.userId))];
    bySession.set(sessionId, await repo.buyerFactsOf(db, sessionId, userIds));
  }
  return keys.map(({ sessionId, userId }) => {
    const facts = bySession.get(sessionId)!.get(userId);
    if (!facts) throw new DomainError('USER_NOT_FOUND');
    return facts;
  });
}

/** Per database handle: the types' snapshots (with the read in progress shared) and the sessions' stock gates. */
interface BurstState {
  snapshots: Map<number, { at: number; value: Promise<Snapshot> }>;
  gates: StockGates;
  writer: GroupWriter<StarterBuy, StarterPurchase>;
  buyerFacts: LookupBatcher<{ sessionId: number; userId: number }, repo.BuyerFacts>;
}
const burstStates = new WeakMap<Database, BurstState>();

function burstState(db: Database): BurstState {
  let state = burstStates.get(db);
  if (!state) {
    state = {
      snapshots: new Map(),
      gates: new StockGates(SNAPSHOT_MAX_AGE_MS),
      writer: starterWriter(db),
      buyerFacts: new LookupBatcher((keys) => buyerFactsOf(db, keys), MAX_BUYERS_PER_LOOKUP),
    };
    burstStates.set(db, state);
  }
  return state;
}

/**
 * An operator changed the type or its sessions: this process reads them again at the next press. Called once the
 * change committed (the admin route's after-commit, decision 093) with the handle the buys use, never the
 * operator's transaction: forgotten earlier, a press in between would cache the old rows again.
 */
export function forgetSnapshot(db: Database, typeId: number): void {
  burstStates.get(db)?.snapshots.delete(typeId);
}

/**
 * The type and its current-or-next session as this process last read them, at most SNAPSHOT_MAX_AGE_MS old: a
 * burst of presses costs one read per period, not one per press. Only the cheap refusals use it; the transaction
 * re-checks everything on the locked rows.
 */
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
  // A place at the gate first, then the buyer's own facts: of a burst's 2,000 presses on 200 cards only the ones
  // admitted (about the stock) read them, and the rest are refused at once when the stock is gone — reading the
  // facts of every press first cost nine statements of ~120 ms each on PGlite before the last card could sell.
  if (!(await gate.enter())) return refuse('CARD_SOLD_OUT');
  let outcome: GateOutcome = 'failed';
  try {
    // The buyer's own refusals, before any transaction: presses that cannot pay, are over the cap or lack a
    // referrer never open one (it re-checks the cap and the balances on locked rows; a binding is never undone, so
    // the referrer check holds at the commit, decision 119), and hand their place to the next. The presses
    // admitted meanwhile share one statement for these facts (decision 127).
    const facts = await burstState(db).buyerFacts.find({ sessionId: session.id, userId });
    if (facts.referrerRefused) return await refuse('REFERRER_REQUIRED');
    if (facts.bought >= session.perUserCap) return await refuse('CARD_LIMIT_REACHED');
    const price = units(type.startPrice);
    if (units(facts.rusd) < price) return await refuse('INSUFFICIENT_RUSD');
    if (units(facts.fuel) < applyBp(price, type.fuelFeeBp)) return await refuse('INSUFFICIENT_FUEL');
    const { answer, replayed } = await burstState(db).writer.submitTracked({
      // The purchase's time is read after its turn at the gate: the batch re-checks the window at that time.
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
function shortfallByAsset(error: unknown): never {
  if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
    const asset = error.details.asset;
    if (asset === 'rusd') throw new DomainError('INSUFFICIENT_RUSD', { asset });
    if (asset === 'fuel') throw new DomainError('INSUFFICIENT_FUEL', { asset });
    if (asset === 'trade') throw new DomainError('INSUFFICIENT_TRADE', { asset });
  }
  throw error;
}
