/**
 * Operator roles and frozen users (issue 16, decisions 082 and 084). The roles live in `operator_roles`, seeded
 * from ADMIN_ADDRESSES (administrator) and SERVICE_ADDRESSES (service agent) at every start; administrators grant
 * and revoke the rest in the console. What a request may do is read through the access book, so a change holds
 * from the holder's next request on.
 */
import { fromUnits, OPERATOR_ROLES, toUnits, type AssetKey, type OperatorRole } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as clock from '../../core/clock.js';
import { recordEvent } from '../events/events.service.js';
import { registerServiceAgents } from '../chat/service-desk.service.js';
import { findForOperators, findPublicUser, frozenUserIds, profileForOperators, setFrozen } from '../users/users.service.js';
import { adjustBalance, journalLinesOf } from '../ledger/ledger.service.js';
import { AccessBook, type AccessSnapshot } from './access-book.js';
import * as repo from './operators.repository.js';

export { AccessBook, type AccessSnapshot } from './access-book.js';

export interface Access {
  roles: readonly OperatorRole[];
  frozen: boolean;
}

export async function loadAccess(db: Database): Promise<AccessSnapshot> {
  const [rows, frozen] = await Promise.all([repo.allRoles(db), frozenUserIds(db)]);
  const roles = new Map<string, OperatorRole[]>();
  for (const row of rows) {
    const list = roles.get(row.account) ?? [];
    list.push(row.role as OperatorRole);
    roles.set(row.account, list);
  }
  for (const list of roles.values()) list.sort((a, b) => OPERATOR_ROLES.indexOf(a) - OPERATOR_ROLES.indexOf(b));
  return { roles, frozen: new Set(frozen) };
}

export function createAccessBook(db: Database, broadcast: ConstructorParameters<typeof AccessBook>[0]): AccessBook {
  return new AccessBook(broadcast, () => loadAccess(db));
}

/** Copies the configured addresses into the role table (the seeded rows follow the configuration) and the desk's agent list. */
export async function seedRoles(db: Database, config: Pick<Config, 'adminAddresses' | 'serviceAddresses'>): Promise<void> {
  await repo.seedRoles(db, [
    ...[...config.adminAddresses].map((account) => ({ account, role: 'administrator' as const })),
    ...[...config.serviceAddresses].map((account) => ({ account, role: 'service_agent' as const })),
  ]);
  await registerServiceAgents(db, new Set(await repo.accountsWithRole(db, 'service_agent')));
}

export async function listRoles(db: Database) {
  const rows = await repo.listRoles(db);
  return {
    list: rows.map((r) => ({ account: r.account, role: r.role as OperatorRole, uid: r.uid, seeded: r.seeded, created_at: r.createdAt.toISOString() })),
  };
}

/**
 * Role and freeze changes are written in the caller's transaction (the admin route's, with its audit row); the
 * caller tells every process's access book once it committed (`AccessBook.changed()`), never before: a process
 * that reloaded early would keep the old roles.
 */
export async function grantRole(db: Database, actorId: number, account: string, role: OperatorRole) {
  const address = account.toLowerCase();
  const granted = await db.transaction(async (tx) => {
    await repo.lockRoles(tx);
    const inserted = await repo.insertRole(tx, address, role, actorId);
    if (inserted) await recordEvent(tx as Transaction, { type: 'operator.role_changed', user_id: actorId, account: address, role, granted: true });
    if (role === 'service_agent') await syncServiceAgents(tx as Transaction);
    return inserted;
  });
  return { account: address, role, granted };
}

export async function revokeRole(db: Database, actorId: number, account: string, role: OperatorRole) {
  const address = account.toLowerCase();
  const revoked = await db.transaction(async (tx) => {
    await repo.lockRoles(tx);
    // The console must keep someone who can grant roles.
    if (role === 'administrator' && (await repo.countRole(tx, 'administrator')) <= 1) {
      const holders = await repo.accountsWithRole(tx, 'administrator');
      if (holders.includes(address)) throw new DomainError('LAST_ADMINISTRATOR');
    }
    const deleted = await repo.deleteRole(tx, address, role);
    if (deleted) await recordEvent(tx as Transaction, { type: 'operator.role_changed', user_id: actorId, account: address, role, granted: false });
    if (role === 'service_agent') await syncServiceAgents(tx as Transaction);
    return deleted;
  });
  return { account: address, role, revoked };
}

async function syncServiceAgents(tx: Transaction): Promise<void> {
  await registerServiceAgents(tx, new Set(await repo.accountsWithRole(tx, 'service_agent')));
}

export async function freezeUser(db: Database, actorId: number, userId: number, frozen: boolean, reason: string, now = clock.now()) {
  const change = await db.transaction(async (tx) => {
    const result = await setFrozen(tx as Transaction, userId, frozen, now);
    if (result.before !== frozen) await recordEvent(tx as Transaction, { type: 'user.frozen_changed', user_id: actorId, target_uid: userId, frozen, reason });
    return result;
  });
  return { uid: userId, frozen: change.after, before: { frozen: change.before } };
}

export { findForOperators };

export async function userDetail(db: Database, id: number) {
  const profile = await profileForOperators(db, id);
  const snapshot = await loadAccess(db);
  return { ...profile, roles: [...(snapshot.roles.get(profile.user.account) ?? [])] };
}

/** A user's journal lines for the console's user page; an unknown uid is USER_NOT_FOUND, not an empty list. */
export async function userJournal(db: Database, id: number, asset: AssetKey | undefined, page: number, limit: number) {
  if (!(await findPublicUser(db, { id }))) throw new DomainError('USER_NOT_FOUND');
  return journalLinesOf(db, id, asset, page, limit);
}

// ---- The four-eyes rule (decision 084) ------------------------------------------------------------

const FOUR_EYES_KEY = 'four_eyes_above';

export async function fourEyes(db: Database): Promise<{ above: string | null }> {
  const value = await repo.readSetting(db, FOUR_EYES_KEY);
  return { above: value === null ? null : fromUnits(toUnits(value)) };
}

export async function setFourEyes(db: Database, actorId: number, above: string | null) {
  await repo.writeSetting(db, FOUR_EYES_KEY, above, actorId);
  return fourEyes(db);
}

/** Whether an adjustment of `amount` units must wait for a second administrator. */
export async function needsSecondAdministrator(db: Database, amount: bigint): Promise<boolean> {
  const { above } = await fourEyes(db);
  if (above === null) return false;
  return (amount < 0n ? -amount : amount) > toUnits(above);
}

type RequestRow = Awaited<ReturnType<typeof repo.insertAdjustmentRequest>>;

function requestView(r: RequestRow) {
  return {
    id: r.id,
    uid: r.userId,
    asset: r.asset as AssetKey,
    amount: fromUnits(toUnits(r.amount)),
    memo: r.memo,
    status: r.status as 'pending' | 'approved' | 'rejected',
    requested_by: r.requestedBy,
    decided_by: r.decidedBy,
    entry_id: r.entryId,
    created_at: r.createdAt.toISOString(),
  };
}

export async function requestAdjustment(db: Database, input: { actorId: number; userId: number; asset: AssetKey; amount: string; memo: string }) {
  const row = await repo.insertAdjustmentRequest(db, {
    requestedBy: input.actorId,
    userId: input.userId,
    asset: input.asset,
    amount: input.amount,
    memo: input.memo,
  });
  return { request_id: row.id, status: 'pending' as const };
}

export async function listAdjustmentRequests(
  db: Database,
  status: 'pending' | 'approved' | 'rejected' | undefined,
  sort?: Parameters<typeof repo.listAdjustmentRequests>[2],
) {
  return { list: (await repo.listAdjustmentRequests(db, status, sort)).map(requestView) };
}

/** The second administrator's decision, once, under the request's row lock; the adjustment is the ledger's one entry. */
export async function decideAdjustment(db: Database, actorId: number, id: number, approve: boolean, now = clock.now()) {
  return db.transaction(async (tx) => {
    const row = await repo.adjustmentRequestForUpdate(tx, id);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.status !== 'pending') throw new DomainError('ADJUSTMENT_NOT_PENDING');
    if (approve && row.requestedBy === actorId) throw new DomainError('FOUR_EYES_SAME_ADMINISTRATOR');
    const entry = approve
      ? await adjustBalance(tx as Transaction, { actorId, userId: row.userId, asset: row.asset as AssetKey, amount: toUnits(row.amount), memo: row.memo })
      : null;
    const decided = await repo.decideAdjustmentRequest(tx, id, {
      status: approve ? 'approved' : 'rejected',
      decidedBy: actorId,
      decidedAt: now,
      entryId: entry?.entry_id ?? null,
    });
    return requestView(decided);
  });
}
