import { and, eq, gt, inArray, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { referralPaths, users } from '../../db/schema/index.js';
import { sortedBy, type ListSort } from '../../db/sort.js';
import { levelNameSubquery } from '../community/community.sql.js';

/** Creates the user unless the account exists; returns the id and whether it was created. */
export async function insertOrFindUser(db: Executor, account: string): Promise<{ id: number; created: boolean }> {
  const inserted = await db.insert(users).values({ account }).onConflictDoNothing().returning({ id: users.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const found = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return { id: found[0]!.id, created: false };
}

export async function findIdByAccount(db: Executor, account: string): Promise<number | undefined> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.account, account.toLowerCase()));
  return rows[0]?.id;
}

/** Who a user is to others: id, wallet (lower-case), nickname and picture (an upload address, or null). */
export interface PublicUserRow {
  id: number;
  account: string;
  nickname: string;
  avatar: string | null;
}

const publicColumns = { id: users.id, account: users.account, nickname: users.nickname, avatar: users.avatar };

export async function findPublicUser(db: Executor, by: { id: number } | { account: string }): Promise<PublicUserRow | undefined> {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.account, by.account.toLowerCase());
  const rows = await db.select(publicColumns).from(users).where(where);
  return rows[0];
}

export async function publicUsersByAccounts(db: Executor, accounts: readonly string[]): Promise<PublicUserRow[]> {
  if (accounts.length === 0) return [];
  return db
    .select(publicColumns)
    .from(users)
    .where(
      inArray(
        users.account,
        accounts.map((a) => a.toLowerCase()),
      ),
    );
}

export async function accountOf(db: Executor, id: number): Promise<string | undefined> {
  const rows = await db.select({ account: users.account }).from(users).where(eq(users.id, id));
  return rows[0]?.account;
}

/** Sets the fields given (undefined leaves one as it is); answers the profile as stored. */
export async function updateProfile(
  db: Executor,
  id: number,
  values: { nickname?: string; avatar?: string | null },
): Promise<{ nickname: string; avatar: string | null } | undefined> {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning({ nickname: users.nickname, avatar: users.avatar });
  return rows[0];
}

export async function exists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return rows.length === 1;
}

/** Locks the user's row for the rest of the transaction and returns its referrer. */
export async function lockUser(db: Executor, id: number): Promise<{ referrerId: number | null } | undefined> {
  const rows = await db.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, id)).for('update');
  return rows[0];
}

export async function insertSelfPath(db: Executor, userId: number): Promise<void> {
  await db.insert(referralPaths).values({ ancestorId: userId, descendantId: userId, depth: 0 });
}

export async function isDescendant(db: Executor, ancestorId: number, descendantId: number): Promise<boolean> {
  const rows = await db
    .select({ depth: referralPaths.depth })
    .from(referralPaths)
    .where(and(eq(referralPaths.ancestorId, ancestorId), eq(referralPaths.descendantId, descendantId)));
  return rows.length === 1;
}

/**
 * Hangs the user's whole subtree under the referrer: every ancestor of the referrer (itself included)
 * becomes an ancestor of every member of the subtree (the user included), one statement.
 */
export async function attachSubtree(db: Executor, userId: number, referrerId: number): Promise<void> {
  await db.update(users).set({ referrerId }).where(eq(users.id, userId));
  await db.execute(sql`
    insert into ${referralPaths} (ancestor_id, descendant_id, depth)
    select up.ancestor_id, down.descendant_id, up.depth + down.depth + 1
      from ${referralPaths} up
      cross join ${referralPaths} down
     where up.descendant_id = ${referrerId} and down.ancestor_id = ${userId}`);
}

/** Downline size per depth (1 = direct), one range scan on (ancestor_id, depth). */
export async function downlineSizeByDepth(db: Executor, userId: number): Promise<{ depth: number; size: number }[]> {
  const rows = await db
    .select({ depth: referralPaths.depth, size: sql<number>`count(*)::int` })
    .from(referralPaths)
    .where(and(eq(referralPaths.ancestorId, userId), gt(referralPaths.depth, 0)))
    .groupBy(referralPaths.depth)
    .orderBy(referralPaths.depth);
  return rows;
}

export { lockReferralTree } from '../../db/advisory-locks.js';

export async function createdAtOf(db: Executor, id: number): Promise<Date | undefined> {
  const rows = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, id));
  return rows[0]?.createdAt;
}

export interface ProfileRow {
  account: string;
  nickname: string;
  avatar: string | null;
  level: number;
  level_name: string;
  pledged: boolean;
  has_pay_password: boolean;
  referrer_id: number | null;
  referrer_account: string | null;
  referrer_nickname: string | null;
  referrer_avatar: string | null;
  balances: [string, string][];
}

const userCard = (balances: SQL) =>
  preparedStatement<ProfileRow>(
    'user_card',
    sql`select u.account, u.nickname, u.avatar, u.level, ${levelNameSubquery(sql`u.level`)} as level_name, u.pledged, u.pay_password_hash is not null as has_pay_password,
      r.id as referrer_id, r.account as referrer_account, r.nickname as referrer_nickname, r.avatar as referrer_avatar,
      ${balances} as balances
      from ${users} u left join ${users} r on r.id = u.referrer_id where u.id = ${sql.placeholder('user_id')}`,
  );
let userCardStatement: ReturnType<typeof userCard> | undefined;

/**
 * The user card in one round trip: the profile, the referrer's address and the balances, which the ledger
 * hands over as a subquery over `sql.placeholder('user_id')`. A prepared statement: it runs on every
 * user/info, and planning it costs more than running it (decision 034).
 */
export async function userCardWith(db: Database, userId: number, balancesFor: (userId: Placeholder) => SQL): Promise<ProfileRow | undefined> {
  userCardStatement ??= userCard(balancesFor(sql.placeholder('user_id')));
  return (await userCardStatement(db, { user_id: userId }))[0];
}

/** The referrer's address of a user, or null when none is bound. */
export async function referrerAccountOf(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.execute(sql`select r.account from ${users} u join ${users} r on r.id = u.referrer_id where u.id = ${userId}`);
  return (rows as unknown as { rows: { account: string }[] }).rows[0]?.account ?? null;
}

// ───── community leaders (the cards' order split, decision 054; issue 13 builds the rest of leadership) ─────

export async function isLeader(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ leader: users.leader }).from(users).where(eq(users.id, id));
  return rows[0]?.leader ?? false;
}

/** The nearest user flagged leader on the way up the referral tree, the user first (depth 0): one indexed walk. */
export async function nearestLeader(db: Executor, userId: number): Promise<{ id: number; depth: number } | undefined> {
  const rows = await db
    .select({ id: referralPaths.ancestorId, depth: referralPaths.depth })
    .from(referralPaths)
    .innerJoin(users, eq(users.id, referralPaths.ancestorId))
    .where(and(eq(referralPaths.descendantId, userId), eq(users.leader, true)))
    .orderBy(referralPaths.depth)
    .limit(1);
  return rows[0];
}

/** Sets the flag under the row lock; answers the flag before the change, or undefined for an unknown user. */
export async function setLeader(db: Executor, id: number, leader: boolean): Promise<{ before: boolean } | undefined> {
  const rows = await db.select({ leader: users.leader }).from(users).where(eq(users.id, id)).for('update');
  if (!rows[0]) return undefined;
  if (rows[0].leader !== leader) await db.update(users).set({ leader }).where(eq(users.id, id));
  return { before: rows[0].leader };
}

export async function setPledged(db: Executor, userIds: readonly number[], pledged: boolean): Promise<void> {
  await db
    .update(users)
    .set({ pledged })
    .where(and(inArray(users.id, [...userIds]), sql`${users.pledged} <> ${pledged}`));
}

// ───── the reward engine's reads (decision 065) ─────

/**
 * The uplines of many members in one read, nearest first (the reward engine's batch, decision 087): one range of
 * the (descendant, depth, ancestor) index per member, joined to the ancestors' levels.
 */
export async function uplinesOf(
  db: Executor,
  userIds: readonly number[],
  payable?: { depthUpTo: number; levels: readonly number[] },
): Promise<{ member: number; id: number; depth: number; level: number }[]> {
  if (userIds.length === 0) return [];
  const bound = payable ? sql`and (p.depth <= ${payable.depthUpTo} or u.level = any(${`{${payable.levels.join(',')}}`}::int[]))` : sql``;
  const result = await db.execute(sql`
    select p.descendant_id as member, p.ancestor_id as id, p.depth, u.level
      from unnest(${`{${userIds.join(',')}}`}::int[]) m(id)
      join ${referralPaths} p on p.descendant_id = m.id and p.depth > 0
      join ${users} u on u.id = p.ancestor_id
     where true ${bound}
     order by p.descendant_id, p.depth`);
  return (result as unknown as { rows: { member: number; id: number; depth: number; level: number }[] }).rows;
}

/** Users at `minLevel` or above, with their level, in id order. */
export async function usersFromLevel(db: Executor, minLevel: number): Promise<{ id: number; level: number }[]> {
  return db
    .select({ id: users.id, level: users.level })
    .from(users)
    .where(sql`${users.level} >= ${minLevel}`)
    .orderBy(users.id);
}

export async function nicknamesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

export async function frozenUserIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.frozenAt));
  return rows.map((r) => r.id);
}

/** The frozen flag before the change, or undefined for an unknown uid (the row is locked for the change). */
export async function setFrozen(db: Executor, id: number, frozenAt: Date | null): Promise<{ before: boolean } | undefined> {
  const rows = await db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, id)).for('update');
  if (rows.length === 0) return undefined;
  await db.update(users).set({ frozenAt }).where(eq(users.id, id));
  return { before: rows[0]!.frozenAt !== null };
}

const operatorColumns = {
  id: users.id,
  account: users.account,
  nickname: users.nickname,
  level: users.level,
  leader: users.leader,
  referrerId: users.referrerId,
  frozenAt: users.frozenAt,
  createdAt: users.createdAt,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The console's user search: a uid (digits), a wallet prefix (0x…) or a part of the nickname; newest first. */
const OPERATOR_SORTS = { uid: users.id, level: users.level, created_at: users.createdAt };

export async function searchUsers(db: Executor, q: string | undefined, page: number, limit: number, sort?: ListSort<keyof typeof OPERATOR_SORTS>) {
  const text = q?.trim() ?? '';
  const where = !text
    ? undefined
    : /^\d{1,9}$/.test(text)
      ? eq(users.id, Number(text))
      : /^0x[0-9a-fA-F]*$/.test(text)
        ? sql`${users.account} like ${escapeLike(text.toLowerCase()) + '%'}`
        : sql`${users.nickname} ilike ${'%' + escapeLike(text) + '%'}`;
  const [rows, total] = await Promise.all([
    db
      .select(operatorColumns)
      .from(users)
      .where(where)
      .orderBy(...(sortedBy(OPERATOR_SORTS, users.id, sort) ?? [sql`${users.id} desc`]))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: total[0]!.n };
}

export async function operatorView(db: Executor, id: number) {
  const rows = await db.select(operatorColumns).from(users).where(eq(users.id, id));
  return rows[0];
}

export async function directCount(db: Executor, id: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referrerId, id));
  return rows[0]!.n;
}

export async function countUsers(db: Executor, since: Date | null): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(since ? sql`${users.createdAt} >= ${since.toISOString()}::timestamptz` : undefined);
  return rows[0]!.n;
}

/** Sign-ups per UTC day (YYYY-MM-DD) since `since`, by a range of `users_created_idx`; days without any are absent. */
export async function signupsByDay(db: Executor, since: Date): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.createdAt} >= ${since.toISOString()}::timestamptz`)
    .groupBy(day)
    .orderBy(day);
}
