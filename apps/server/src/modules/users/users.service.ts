import { getAddress } from 'viem';
import { ASSET_KEYS, type AssetKey } from '@reef/contract';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { AuthUser } from '../../core/auth-user.js';
import { balancesFromJson, openUserAccounts, userBalancesSubquery } from '../ledger/ledger.service.js';
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
  }
  return id;
}

export async function bindReferrer(db: Database, userId: number, referrerAddress: string): Promise<string> {
  return db.transaction(async (tx) => {
    await repo.lockReferralTree(tx);
    const me = await repo.lockUser(tx, userId);
    if (!me) throw new DomainError('USER_NOT_FOUND');
    if (me.referrerId !== null) throw new DomainError('REFERRER_ALREADY_BOUND');
    const referrerId = await repo.findIdByAccount(tx, referrerAddress);
    if (referrerId === undefined) throw new DomainError('REFERRER_NOT_FOUND');
    if (referrerId === userId) throw new DomainError('REFERRER_SELF');
    if (await repo.isDescendant(tx, userId, referrerId)) throw new DomainError('REFERRER_CYCLE');
    await repo.attachSubtree(tx, userId, referrerId);
    return getAddress(referrerAddress);
  });
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
    level: row.level,
    pledged: row.pledged,
    invite_address: row.referrer_account ? getAddress(row.referrer_account) : null,
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
