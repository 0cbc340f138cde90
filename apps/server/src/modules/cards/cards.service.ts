/**
 * Cards (decisions 050, 051): card types and sessions as every room of the module reads them — a session's state
 * by the clock, a type's name and rules, what a card's next listing would ask — and a session's life on the job
 * runner (its open and close jobs, and the state changes they make). The rooms around it: the starter buy
 * (`starter-cards.ts`), my cards (`my-cards.ts`), the market (`trading/`), the operators' setup (`operators/`); the
 * session jobs (`session-jobs.ts`) call the market's work once a session opens or closes. Nothing here imports them.
 */
import { toUnits, type CardSession, type CardTypeRules, type LanguageCode } from '@reef/contract';
import * as clock from '../../core/clock.js';
import type { Database, Executor } from '../../db/client.js';
import { enqueueJob } from '../../infra/jobs/job-runner.js';
import { nextStepPrice, splitSalePrice } from './pricing.js';
import * as repo from './cards.repository.js';

export type CardTypeRow = repo.CardTypeRow;
export type CardSessionRow = repo.CardSessionRow;

/** Job names on the runner (decision 051). */
export const SESSION_OPEN_JOB = 'cards.session-open';
export const SESSION_CLOSE_JOB = 'cards.session-close';

const iso = (d: Date) => d.toISOString();

/**
 * Whether a session is open at `now`: inside its window by the clock AND not closed or cancelled by an operator.
 * The stored state alone is not enough (a late open or close job must never widen the window, decision 051).
 */
export function isSessionOpen(session: Pick<CardSessionRow, 'opensAt' | 'closesAt' | 'state'>, now = clock.now()): boolean {
  return session.state !== 'closed' && session.state !== 'cancelled' && session.opensAt <= now && now < session.closesAt;
}

/** The users' view of a session at `now`: not_started / open / closed by the clock and the operators' actions. */
export function toSessionView(row: CardSessionRow, now = clock.now()): CardSession {
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
export async function openSessionOfType(db: Executor, cardTypeId: number, now = clock.now()): Promise<CardSessionRow | null> {
  const session = await repo.currentOrNextSession(db, cardTypeId, now);
  return session && isSessionOpen(session, now) ? session : null;
}

/** The type's open session, else its next one, as users see it (null when none is scheduled). */
export async function currentOrNextSessionView(db: Executor, cardTypeId: number, now = clock.now()): Promise<CardSession | null> {
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
  const nextPrice = nextStepPrice(toUnits(price), type.priceStepBp);
  const { sellerGets, platformFee } = splitSalePrice(nextPrice, { platformFeeBp: type.platformFeeBp, obtainableBp: type.obtainableBp });
  return { nextPrice, obtainable: sellerGets, platformFee };
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a UTC time. */
export function isoWeekday(at: Date): number {
  return ((at.getUTCDay() + 6) % 7) + 1;
}

export async function sessionClock(db: Database, now = clock.now()) {
  const sessions = await repo.currentOrNextSessions(db, now);
  return { now: iso(now), sessions: sessions.map((s) => toSessionView(s, now)) };
}

// ───── a session on the job runner ─────

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

/** The open job's state change: the session becomes `open` once the clock is inside its window. */
export async function markOpen(db: Database, id: number, now = clock.now()): Promise<CardSessionRow | null> {
  const row = (await repo.markSessionOpen(db, id, now)) ?? (await repo.findSession(db, id));
  return row && row.state === 'open' && isSessionOpen(row, now) ? row : null;
}

/** The close job's state change: the session becomes `closed` once its window has passed. */
export async function markClosed(db: Database, id: number, now = clock.now()): Promise<CardSessionRow | null> {
  const row = (await repo.markSessionClosed(db, id, now)) ?? (await repo.findSession(db, id));
  return row && row.state === 'closed' ? row : null;
}
