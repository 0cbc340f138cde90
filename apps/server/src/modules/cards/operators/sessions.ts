/**
 * Sale sessions as operators run them (decisions 051, 093): the list, a new session with its open and close jobs,
 * an edit or cancellation before it starts, and opening or closing one now. Each change is audited; the market's
 * work after an open or close runs once the operator's transaction committed (`../session-jobs.ts`).
 */
import type { AdminCardSession } from '@reef/contract';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import type { Database, Executor } from '../../../db/client.js';
import * as repo from '../cards.repository.js';
import { enqueueSessionJobs, toSessionView, type CardSessionRow } from '../cards.service.js';
import { auditCardChange } from './audit.js';

const iso = (d: Date) => d.toISOString();

function adminSessionView(row: CardSessionRow, now: Date): AdminCardSession {
  return {
    ...toSessionView(row, now),
    stored_state: row.state as AdminCardSession['stored_state'],
    schedule_id: row.scheduleId,
    opened_at: row.openedAt ? iso(row.openedAt) : null,
    closed_at: row.closedAt ? iso(row.closedAt) : null,
    created_at: iso(row.createdAt),
  };
}

export async function adminListSessions(
  db: Database,
  query: { page: number; limit: number; type?: number | undefined; state?: string | undefined },
  now = clock.now(),
) {
  const { list, total } = await repo.listSessions(db, { cardTypeId: query.type, state: query.state }, query.limit, (query.page - 1) * query.limit);
  return { list: list.map((s) => adminSessionView(s, now)), page: query.page, limit: query.limit, total, now: iso(now) };
}

export async function adminCreateSession(
  db: Database,
  operatorId: number,
  input: { card_type_id: number; opens_at: string; closes_at: string; stock: number; per_user_cap?: number | undefined },
  now = clock.now(),
) {
  const result = await db.transaction(async (tx) => {
    const type = await repo.lockCardType(tx, input.card_type_id);
    if (!type) throw new DomainError('NOT_FOUND');
    const opensAt = new Date(input.opens_at);
    const closesAt = new Date(input.closes_at);
    if (closesAt <= now) throw new DomainError('CARD_SESSION_CLOSED');
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
    const view = adminSessionView(row, now);
    await auditCardChange(tx, operatorId, 'session', row.id, 'create', null, view);
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
  now = clock.now(),
) {
  const result = await db.transaction(async (tx) => {
    const before = await lockSessionById(tx, id, { withType: true });
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
    await auditCardChange(tx, operatorId, 'session', id, input.cancelled ? 'cancel' : 'update', adminSessionView(before, now), view);
    return view;
  });
  return result;
}

/**
 * An operator opens a session now: a scheduled one's window starts now (CARD_SESSION_OVERLAP if that runs into
 * an earlier session), an open one stays open. Returns the row for the opening work (session-jobs.ts).
 */
export async function adminOpenSession(db: Database, operatorId: number, id: number, now = clock.now()): Promise<CardSessionRow> {
  const result = await db.transaction(async (tx) => {
    const before = await lockSessionById(tx, id, { withType: true });
    assertNotEnded(before, now);
    const opensAt = before.opensAt <= now ? before.opensAt : now;
    if (opensAt < before.opensAt && (await repo.overlappingSession(tx, before.cardTypeId, opensAt, before.closesAt, id))) {
      throw new DomainError('CARD_SESSION_OVERLAP');
    }
    const row = (await repo.updateSession(tx, id, { opensAt, state: 'open', openedAt: before.openedAt ?? now }))!;
    await auditCardChange(tx, operatorId, 'session', id, 'open', adminSessionView(before, now), adminSessionView(row, now));
    return row;
  });
  return result;
}

/** An operator closes a session now: its window ends now (one that never opened is cancelled instead). */
export async function adminCloseSession(db: Database, operatorId: number, id: number, now = clock.now()): Promise<CardSessionRow> {
  const result = await db.transaction(async (tx) => {
    const before = await lockSessionById(tx, id, { withType: false });
    if (before.state === 'closed' || before.state === 'cancelled') throw new DomainError('CARD_SESSION_CLOSED');
    const neverOpened = now < before.opensAt && before.state === 'scheduled';
    const row = (await repo.updateSession(
      tx,
      id,
      neverOpened ? { state: 'cancelled', closedAt: now } : { state: 'closed', closedAt: now, closesAt: before.closesAt < now ? before.closesAt : now },
    ))!;
    await auditCardChange(tx, operatorId, 'session', id, neverOpened ? 'cancel' : 'close', adminSessionView(before, now), adminSessionView(row, now));
    return row;
  });
  return result;
}

/** A session as the console shows it: the users' view, the stored state and the operators' times. */
export function adminSessionAnswer(row: CardSessionRow, now = clock.now()): AdminCardSession {
  return adminSessionView(row, now);
}
