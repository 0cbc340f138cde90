import { getAddress } from 'viem';
import { ASSET_KEYS, type AssetKey } from '@reef/contract';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { AuthUser } from '../../core/auth-user.js';
import { balancesFromJson, balancesOf, openUserAccounts } from '../ledger/ledger.service.js';
import { userBalancesSubquery } from '../ledger/ledger.sql.js';
import { findUploadByAddress } from '../uploads/uploads.service.js';
import { onSubtreeAttached } from '../community/community.service.js';
import * as repo from './users.repository.js';

export function maskAddress(account: string): string {
  return `${account.slice(0, 4)}...${account.slice(-4)}`;
}

/**
 * Finds the user of a wallet account or creates it, with its ledger accounts and its place in the
 * referral tree. `spread` (a uid) ties a new user to that referrer when it exists; it is ignored otherwise.
 */
export async function findOrCreateUser(tx: Transaction, account: string, spread: number | null): Promise<number> {
  const { id, created } = await repo.insertOrFindUser(tx, account.toLowerCase());
  if (!created) return id;
  await openUserAccounts(tx, id);
  await repo.insertSelfPath(tx, id);
  if (spread !== null && spread !== id && (await repo.exists(tx, spread))) {
    await repo.lockReferralTree(tx);
    await repo.attachSubtree(tx, id, spread);
    await onSubtreeAttached(tx, id);
  }
  return id;
}

/** Who to bind: the referrer's wallet address, or their uid (the id an invite link carries). */
export type ReferrerRef = { address: string } | { uid: number };

export async function bindReferrer(db: Database, userId: number, referrer: ReferrerRef): Promise<string> {
  return db.transaction(async (tx) => {
    await repo.lockReferralTree(tx);
    const me = await repo.lockUser(tx, userId);
    if (!me) throw new DomainError('USER_NOT_FOUND');
    if (me.referrerId !== null) throw new DomainError('REFERRER_ALREADY_BOUND');
    const found = 'uid' in referrer ? await referrerByUid(tx, referrer.uid) : await referrerByAddress(tx, referrer.address);
    if (found === undefined) throw new DomainError('REFERRER_NOT_FOUND');
    if (found.id === userId) throw new DomainError('REFERRER_SELF');
    if (await repo.isDescendant(tx, userId, found.id)) throw new DomainError('REFERRER_CYCLE');
    await repo.attachSubtree(tx, userId, found.id);
    // The team figures follow in this transaction, under the tree lock (decision 064): exact the moment the bind commits.
    await onSubtreeAttached(tx, userId);
    return getAddress(found.account);
  });
}

async function referrerByUid(tx: Transaction, uid: number): Promise<{ id: number; account: string } | undefined> {
  const account = await repo.accountOf(tx, uid);
  return account === undefined ? undefined : { id: uid, account };
}

async function referrerByAddress(tx: Transaction, address: string): Promise<{ id: number; account: string } | undefined> {
  const id = await repo.findIdByAccount(tx, address);
  return id === undefined ? undefined : { id, account: address };
}

/**
 * The profile page's change (user/setInfo). An avatar must be an upload the user made: an address is only a
 * hash, so without the owner check anyone could wear someone else's picture, or a recharge voucher (decision 044).
 */
export async function setProfile(
  db: Database,
  userId: number,
  change: { nickname?: string; avatar?: string | null },
): Promise<{ nickname: string; avatar: string | null }> {
  if (typeof change.avatar === 'string') {
    const upload = await findUploadByAddress(db, change.avatar, userId);
    if (upload === null) throw new DomainError('AVATAR_INVALID');
  }
  const updated = await repo.updateProfile(db, userId, change);
  if (!updated) throw new DomainError('USER_NOT_FOUND');
  return updated;
}

/** The signed-in user's card: profile, referrer and balances in one query (decision 034). */
export async function userInfo(db: Database, user: AuthUser, symbols: Record<AssetKey, string>) {
  const row = await repo.userCardWith(db, user.id, userBalancesSubquery);
  if (!row) throw new DomainError('USER_NOT_FOUND');
  const balances = balancesFromJson(row.balances);
  const account = getAddress(user.account);
  return {
    uid: user.id,
    account,
    address: maskAddress(account),
    nickname: row.nickname,
    avatar: row.avatar,
    level: row.level,
    level_name: row.level_name,
    pledged: row.pledged,
    invite_address: row.referrer_account ? getAddress(row.referrer_account) : null,
    referrer:
      row.referrer_id !== null && row.referrer_account !== null
        ? {
            uid: row.referrer_id,
            nickname: row.referrer_nickname ?? '',
            address: maskAddress(getAddress(row.referrer_account)),
            avatar: row.referrer_avatar,
          }
        : null,
    has_pay_password: row.has_pay_password,
    role: user.role,
    service_agent: user.serviceAgent,
    balances: ASSET_KEYS.map((key) => ({ key, symbol: symbols[key], amount: balances.get(key) ?? '0.00000000' })),
  };
}

/** The wallet address of the user's referrer (lower-case), or null before one is bound. */
export function referrerAccountOf(db: Executor, userId: number): Promise<string | null> {
  return repo.referrerAccountOf(db, userId);
}

export { downlineSizeByDepth } from './users.repository.js';

/** For other modules: the user of a wallet address (any letter case), if registered. */
export function findUserIdByAddress(db: Executor, address: string): Promise<number | undefined> {
  return repo.findIdByAccount(db, address);
}

/** For other modules: a user as others may see them (a transfer's recipient), by uid or wallet address. */
export function findPublicUser(db: Executor, by: { id: number } | { account: string }): Promise<repo.PublicUserRow | undefined> {
  return repo.findPublicUser(db, by);
}

/** For other modules: the users of these wallet addresses (unknown ones are left out), in no order. */
export function publicUsersByAccounts(db: Executor, accounts: readonly string[]): Promise<repo.PublicUserRow[]> {
  return repo.publicUsersByAccounts(db, accounts);
}

/** For other modules: when the account was created (its first sign-in). */
export async function accountCreatedAt(db: Executor, userId: number): Promise<Date> {
  const createdAt = await repo.createdAtOf(db, userId);
  if (!createdAt) throw new Error(`user ${userId} does not exist`);
  return createdAt;
}

/** For other modules: whether the user is a community leader (an operator's flag). */
export function isLeader(db: Executor, userId: number): Promise<boolean> {
  return repo.isLeader(db, userId);
}

/** For other modules: the user's nearest leader up the referral tree (the user themselves when they lead), if any. */
export function nearestLeader(db: Executor, userId: number): Promise<{ id: number; depth: number } | undefined> {
  return repo.nearestLeader(db, userId);
}

/**
 * Flags or unflags a leader, in the caller's transaction (the caller records the operator's audit event with the
 * flag before and after). An unknown uid is USER_NOT_FOUND.
 */
export async function setLeader(tx: Transaction, userId: number, leader: boolean): Promise<{ before: boolean; after: boolean }> {
  const changed = await repo.setLeader(tx, userId, leader);
  if (!changed) throw new DomainError('USER_NOT_FOUND');
  return { before: changed.before, after: leader };
}

type OperatorRow = NonNullable<Awaited<ReturnType<typeof repo.operatorView>>>;

function operatorUserView(r: OperatorRow) {
  return {
    uid: r.id,
    account: r.account,
    nickname: r.nickname,
    level: r.level,
    leader: r.leader,
    referrer: r.referrerId,
    frozen: r.frozenAt !== null,
    created_at: r.createdAt.toISOString(),
  };
}

/** The console's user search (decision 085). */
export async function findForOperators(db: Executor, q: string | undefined, page: number, limit: number, sort?: Parameters<typeof repo.searchUsers>[4]) {
  const { rows, total } = await repo.searchUsers(db, q, page, limit, sort);
  return { list: rows.map(operatorUserView), page, limit, total };
}

/** One user as the console shows them: profile, direct team size, balances. */
export async function profileForOperators(db: Executor, id: number) {
  const row = await repo.operatorView(db, id);
  if (!row) throw new DomainError('USER_NOT_FOUND');
  const [team, balances] = await Promise.all([repo.directCount(db, id), balancesOf(db, id)]);
  return { user: operatorUserView(row), team, balances: [...balances].map(([asset, amount]) => ({ asset, amount })) };
}

export function countUsers(db: Executor, since: Date | null): Promise<number> {
  return repo.countUsers(db, since);
}

/** Sign-ups per UTC day since `since` (the console's chart, decision 090). */
export function signupsByDay(db: Executor, since: Date): Promise<{ day: string; count: number }[]> {
  return repo.signupsByDay(db, since);
}

/** Users an operator froze (decision 084): read whole by the operators' access book. */
export function frozenUserIds(db: Executor): Promise<number[]> {
  return repo.frozenUserIds(db);
}

/** Freezes or unfreezes a user; answers the flag before and after. An unknown uid is USER_NOT_FOUND. */
export async function setFrozen(tx: Transaction, userId: number, frozen: boolean, now: Date): Promise<{ before: boolean; after: boolean }> {
  const changed = await repo.setFrozen(tx, userId, frozen ? now : null);
  if (!changed) throw new DomainError('USER_NOT_FOUND');
  return { before: changed.before, after: frozen };
}

/** The `pledged` flag of user info (spec §3): the pledge module sets it while a user holds a position. */
export async function setPledged(db: Executor, userIds: readonly number[], pledged: boolean): Promise<void> {
  if (userIds.length > 0) await repo.setPledged(db, userIds, pledged);
}

/**
 * For the reward engine's batch: the upline of each of these members, nearest first (members without one are
 * absent). With `payable`, only the members within `depthUpTo` generations or at one of `levels` (decision 125).
 */
export async function uplinesOf(
  db: Executor,
  userIds: readonly number[],
  payable?: { depthUpTo: number; levels: readonly number[] },
): Promise<Map<number, { id: number; depth: number; level: number }[]>> {
  const out = new Map<number, { id: number; depth: number; level: number }[]>();
  for (const row of await repo.uplinesOf(db, [...new Set(userIds)], payable)) {
    const list = out.get(row.member);
    const member = { id: row.id, depth: row.depth, level: row.level };
    if (list) list.push(member);
    else out.set(row.member, [member]);
  }
  return out;
}

/** For the reward engine's dividend: every user at `minLevel` or above, with their level. */
export function usersFromLevel(db: Executor, minLevel: number): Promise<{ id: number; level: number }[]> {
  return repo.usersFromLevel(db, minLevel);
}

/** For explanations: the nicknames of these users (unknown ids left out). */
export function nicknamesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  return repo.nicknamesOf(db, ids);
}
