/**
 * The team figures' SQL (decisions 064, 086). Every write is one set-based statement over the referral closure
 * table: never a loop over ancestors, whatever the depth. Amounts stay numeric(38,8) in the database and
 * travel as text, so no figure is ever a JS number.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { communityLevels, communityMembers, communityRemarks, referralPaths, users } from '../../db/schema/index.js';
import { userBalanceSubquery } from '../ledger/ledger.sql.js';

/** The tree lock bindings take (decision 064), shared below the modules. */
export { lockReferralTree } from '../../db/advisory-locks.js';

/** The figures' columns of a community_members row `m`, as text. */
const figureColumns = sql`m.direct_count, m.indirect_count, m.own_performance::text as own_performance,
  m.team_performance::text as team_performance, m.large_area::text as large_area,
  (m.team_performance - m.large_area)::text as small_area`;

export interface FiguresRow {
  direct_count: number;
  indirect_count: number;
  own_performance: string;
  team_performance: string;
  large_area: string;
  small_area: string;
}

// ───────────────────────────── writes ─────────────────────────────

/**
 * A subtree was hung under a referrer (users service, same transaction, after the closure rows were added):
 * every new ancestor of `userId` gains the subtree's members and performance. For an ancestor A at depth d,
 * the branch it grows through is the path's node at depth d − 1 (the user itself under the referrer), whose
 * branch value is its own + team performance, plus the subtree's unless that node is the user (already counted).
 */
export async function addSubtree(db: Executor, userId: number): Promise<void> {
  // The path's nodes by depth, read once (one index range) and joined to themselves on depth: linear in the depth.
  await db.execute(sql`
    with path as materialized (select ancestor_id, depth from ${referralPaths} where descendant_id = ${userId}),
    sub as (select 1 + direct_count + indirect_count as size, own_performance + team_performance as value
              from ${communityMembers} where user_id = ${userId}),
    step as (
      select pa.ancestor_id as a, pa.depth,
             c.own_performance + c.team_performance + case when pc.depth = 0 then 0 else sub.value end as branch_value
        from path pa join path pc on pc.depth = pa.depth - 1 join ${communityMembers} c on c.user_id = pc.ancestor_id, sub
       where pa.depth >= 1)
    update ${communityMembers} a
       set direct_count = a.direct_count + (step.depth = 1)::int,
           indirect_count = a.indirect_count + sub.size - (step.depth = 1)::int,
           team_performance = a.team_performance + sub.value,
           large_area = greatest(a.large_area, step.branch_value)
      from step, sub
     where a.user_id = step.a`);
}

/**
 * Adds a batch of purchases' performance (buyer, USDT-equivalent amount) and moves the levels it changes, in one
 * statement. The batch is aggregated per ancestor first: `added(X)` = the batch's amounts in X's subtree (X itself
 * included), one pass over the buyers' closure rows grouped by ancestor. Then, per touched member X:
 * own += X's own purchases; team += added(X) − own purchases; and X is the branch child through which its
 * referrer A grew, with the branch value X.own + X.team + added(X) after the batch, so
 * large(A) = greatest(large(A), max over A's touched children). Branch values only grow, so greatest() over the
 * final values is exact whatever the order of the purchases within the batch. No self-join of the paths: the
 * child on the way is the member's referrer link (users.referrer_id, kept with the closure rows by the binding).
 * The rows it updates are the only ones whose figures moved, so their levels are recomputed from the returned
 * figures in the same statement, and only those that cross a threshold are written.
 */
export async function addPerformance(db: Executor, purchases: readonly { buyerId: number; amount: string }[]): Promise<void> {
  if (purchases.length === 0) return;
  const buyers = `{${purchases.map((p) => p.buyerId).join(',')}}`;
  const amounts = `{${purchases.map((p) => p.amount).join(',')}}`;
  // A deep upline makes the planner's estimate large enough to compile the statement (~150 ms on PostgreSQL) for
  // a few milliseconds of work: never worth it here.
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`
    with bought as (
      select buyer, sum(amount) as amount from unnest(${buyers}::int[], ${amounts}::numeric[]) v(buyer, amount) group by buyer),
    added as materialized (
      select p.ancestor_id as x, sum(b.amount) as amount
        from bought b join ${referralPaths} p on p.descendant_id = b.buyer
       group by p.ancestor_id),
    branch as (
      select u.referrer_id as a, max(c.own_performance + c.team_performance + ad.amount) as value
        from added ad join ${users} u on u.id = ad.x join ${communityMembers} c on c.user_id = ad.x
       where u.referrer_id is not null
       group by u.referrer_id),
    change as (
      select ad.x, coalesce(b.amount, 0) as own_add, ad.amount - coalesce(b.amount, 0) as team_add, br.value as branch_value
        from added ad left join bought b on b.buyer = ad.x left join branch br on br.a = ad.x),
    moved as (
      update ${communityMembers} m
         set own_performance = m.own_performance + ch.own_add,
             team_performance = m.team_performance + ch.team_add,
             large_area = greatest(m.large_area, coalesce(ch.branch_value, m.large_area))
        from change ch
       where m.user_id = ch.x
      returning m.user_id, m.direct_count, m.team_performance, m.large_area)
    update ${users} u set level = c.level
      from (select m.user_id, ${levelOf} as level from moved m) c
     where u.id = c.user_id and u.level <> c.level`);
}

/** The highest level whose every threshold the community_members row `m` meets (V0 when none). */
const levelOf = sql`coalesce((
  select max(l.level) from ${communityLevels} l
   where m.team_performance - m.large_area >= l.min_small_area
     and m.direct_count >= l.min_direct
     and (l.holding_asset is null or ${userBalanceSubquery(sql`m.user_id`, sql`l.holding_asset`)} >= l.min_holding)
), 0)`;

/** Sets users.level to the level the figures give, for the users `ids` selects (a subquery); only rows that change are written. */
export async function recomputeLevels(db: Executor, ids: SQL | null): Promise<void> {
  const where = ids === null ? sql`true` : sql`m.user_id in (${ids})`;
  await db.execute(sql`
    update ${users} u set level = c.level
      from (select m.user_id, ${levelOf} as level from ${communityMembers} m where ${where}) c
     where u.id = c.user_id and u.level <> c.level`);
}

/** Exactly these users (a holding moved: only their own level can follow). */
export const usersIn = (userIds: readonly number[]): SQL => sql`select unnest(${`{${userIds.join(',')}}`}::int[])`;

/** The user and every ancestor (the ids whose figures a purchase by or a bind of `userId` changes). */
export const selfAndAncestors = (userIds: readonly number[]): SQL =>
  sql`select ancestor_id from ${referralPaths} where descendant_id in (${sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;

export async function setContact(db: Executor, userId: number, contact: string | null): Promise<void> {
  await db.update(communityMembers).set({ contact }).where(eq(communityMembers.userId, userId));
}

export async function contactOf(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.select({ contact: communityMembers.contact }).from(communityMembers).where(eq(communityMembers.userId, userId));
  return rows[0]?.contact ?? null;
}

/** Sets or (null) clears the owner's remark on a member. */
export async function setRemark(db: Executor, ownerId: number, memberId: number, remark: string | null): Promise<void> {
  if (remark === null) {
    await db.delete(communityRemarks).where(and(eq(communityRemarks.ownerId, ownerId), eq(communityRemarks.memberId, memberId)));
    return;
  }
  await db
    .insert(communityRemarks)
    .values({ ownerId, memberId, remark })
    .onConflictDoUpdate({ target: [communityRemarks.ownerId, communityRemarks.memberId], set: { remark, updatedAt: sql`now()` } });
}

// ───────────────────────────── reads ─────────────────────────────

/** The operator's name of the level `level` evaluates to, or `V<n>` when unconfigured (community.sql.ts). */
export function levelNameOf(level: SQL): SQL<string> {
  return sql<string>`coalesce((select l.name from ${communityLevels} l where l.level = ${level}), 'V' || ${level})`;
}

/** How deep `memberId` is below `ownerId` (1 = direct), or undefined outside the owner's team. */
export async function depthBelow(db: Executor, ownerId: number, memberId: number): Promise<number | undefined> {
  const rows = await db
    .select({ depth: referralPaths.depth })
    .from(referralPaths)
    .where(and(eq(referralPaths.ancestorId, ownerId), eq(referralPaths.descendantId, memberId)));
  const depth = rows[0]?.depth;
  return depth === undefined || depth === 0 ? undefined : depth;
}

export interface CommunityRow extends FiguresRow {
  level: number;
  level_name: string | null;
  leader: boolean;
  nickname: string;
  avatar: string | null;
  contact: string | null;
  next_level: number | null;
  next_name: string | null;
  next_min_small_area: string | null;
  next_min_direct: number | null;
  next_holding_asset: string | null;
  next_min_holding: string | null;
  next_holding: string | null;
}

/**
 * The community page in one statement: the figures row (primary key), the level's name and the next level
 * with the balance its holding threshold asks for. Prepared (decision 034): it is the page's hot read.
 */
const communityStatement = preparedStatement<CommunityRow>(
  'community_page',
  sql`select ${figureColumns}, u.level, cur.name as level_name, u.leader, u.nickname, u.avatar, m.contact,
      nxt.level as next_level, nxt.name as next_name, nxt.min_small_area::text as next_min_small_area,
      nxt.min_direct as next_min_direct, nxt.holding_asset as next_holding_asset, nxt.min_holding::text as next_min_holding,
      case when nxt.holding_asset is null then null
           else ${userBalanceSubquery(sql`m.user_id`, sql`nxt.holding_asset`)}::numeric(38, 8)::text end as next_holding
    from ${communityMembers} m
    join ${users} u on u.id = m.user_id
    left join ${communityLevels} cur on cur.level = u.level
    left join lateral (select * from ${communityLevels} l where l.level > u.level order by l.level limit 1) nxt on true
    where m.user_id = ${sql.placeholder('user_id')}`,
);

export async function communityRow(db: Database, userId: number): Promise<CommunityRow | undefined> {
  return (await communityStatement(db, { user_id: userId }))[0];
}

export interface MemberRow extends FiguresRow {
  uid: number;
  nickname: string;
  avatar: string | null;
  created_at: Date | string;
  level: number;
  level_name: string | null;
  depth: number;
  remark: string | null;
  contact: string | null;
  referrer_id: number | null;
}

export interface MemberFilter {
  /** Exactly this depth, or (min) this depth and below. */
  depth?: { exact: number } | { min: number };
  level?: number;
  /** One member only. */
  memberId?: number;
}

function memberWhere(ownerId: number, filter: MemberFilter): SQL {
  const parts = [sql`p.ancestor_id = ${ownerId}`];
  const d = filter.depth;
  parts.push(d === undefined ? sql`p.depth >= 1` : 'exact' in d ? sql`p.depth = ${d.exact}` : sql`p.depth >= ${d.min}`);
  if (filter.level !== undefined) parts.push(sql`u.level = ${filter.level}`);
  if (filter.memberId !== undefined) parts.push(sql`p.descendant_id = ${filter.memberId}`);
  return sql.join(parts, sql` and `);
}

/** A page of the owner's team members (nearest generation first, then newest), with the owner's remarks. */
export async function members(db: Executor, ownerId: number, filter: MemberFilter, limit: number, offset: number): Promise<MemberRow[]> {
  const result = await db.execute(sql`
    select u.id as uid, u.nickname, u.avatar, u.created_at, u.level, l.name as level_name, p.depth, ${figureColumns},
           r.remark, m.contact, u.referrer_id
      from ${referralPaths} p
      join ${users} u on u.id = p.descendant_id
      join ${communityMembers} m on m.user_id = p.descendant_id
      left join ${communityLevels} l on l.level = u.level
      left join ${communityRemarks} r on r.owner_id = ${ownerId} and r.member_id = p.descendant_id
     where ${memberWhere(ownerId, filter)}
     order by p.depth, u.id desc
     limit ${limit} offset ${offset}`);
  return (result as unknown as { rows: MemberRow[] }).rows;
}

/** How many members the filter selects (one range scan on (ancestor_id, depth); a level filter joins users). */
export async function countMembers(db: Executor, ownerId: number, filter: MemberFilter): Promise<number> {
  const join = filter.level === undefined ? sql`` : sql`join ${users} u on u.id = p.descendant_id`;
  const result = await db.execute(sql`select count(*)::int as n from ${referralPaths} p ${join} where ${memberWhere(ownerId, filter)}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The owner's team per level (the leader's summary). */
export async function membersByLevel(db: Executor, ownerId: number): Promise<{ level: number; name: string | null; count: number }[]> {
  const result = await db.execute(sql`
    select u.level, l.name, count(*)::int as count
      from ${referralPaths} p join ${users} u on u.id = p.descendant_id left join ${communityLevels} l on l.level = u.level
     where p.ancestor_id = ${ownerId} and p.depth >= 1
     group by u.level, l.name order by u.level`);
  return (result as unknown as { rows: { level: number; name: string | null; count: number }[] }).rows;
}

export async function figuresOf(db: Executor, userId: number): Promise<(FiguresRow & { level: number; leader: boolean }) | undefined> {
  const result = await db.execute(sql`
    select ${figureColumns}, u.level, u.leader from ${communityMembers} m join ${users} u on u.id = m.user_id where m.user_id = ${userId}`);
  return (result as unknown as { rows: (FiguresRow & { level: number; leader: boolean })[] }).rows[0];
}

// ───────────────────────────── levels (operators) ─────────────────────────────

export type LevelRow = typeof communityLevels.$inferSelect;

export function listLevels(db: Executor): Promise<LevelRow[]> {
  return db.select().from(communityLevels).orderBy(asc(communityLevels.level));
}

export async function lockLevel(db: Executor, level: number): Promise<LevelRow | undefined> {
  return (await db.select().from(communityLevels).where(eq(communityLevels.level, level)).for('update'))[0];
}

export async function upsertLevel(db: Executor, row: typeof communityLevels.$inferInsert): Promise<LevelRow> {
  const { level: _level, ...change } = row;
  const [saved] = await db
    .insert(communityLevels)
    .values(row)
    .onConflictDoUpdate({ target: communityLevels.level, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  return saved!;
}

export async function deleteLevel(db: Executor, level: number): Promise<void> {
  await db.delete(communityLevels).where(eq(communityLevels.level, level));
}
