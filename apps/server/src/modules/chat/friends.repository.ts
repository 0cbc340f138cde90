import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { friendRequests, friendships, users } from '../../db/schema/index.js';
import { peerColumnsOf, type PeerRow } from './chat.repository.js';

export type FriendRequestRow = typeof friendRequests.$inferSelect;
export type FriendRequestWithPeers = FriendRequestRow & { from: PeerRow; to: PeerRow };
export type FriendRow = PeerRow & { remark: string; since: Date };

/** Any constant paired with the lower uid: one pair's friend changes run one at a time (decision 022). */
const PAIR_LOCK_SPACE = 7_311_023;

/**
 * Serializes every change to one pair's requests and friendship. Requests both ways, accepting either, and
 * deleting take this lock first, so "A accepts B's while B accepts A's" cannot deadlock or add twice.
 */
export async function lockPair(db: Executor, a: number, b: number): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  // One 64-bit key above every other constant lock key; two pairs sharing a key only wait for each other.
  await db.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK_SPACE}::bigint * 4294967296 + ${low}::bigint * 65536 + ${high}::bigint)`);
}

export async function areFriends(db: Executor, userId: number, friendId: number): Promise<boolean> {
  const rows = await db
    .select({ friendId: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return rows.length > 0;
}

/** Which of `ids` are the user's friends (one index range). */
export async function friendIdsAmong(db: Executor, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ friendId: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), inArray(friendships.friendId, [...ids])));
  return new Set(rows.map((r) => r.friendId));
}

export async function insertFriendship(db: Executor, a: number, b: number, at: Date): Promise<void> {
  await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b, since: at },
      { userId: b, friendId: a, since: at },
    ])
    .onConflictDoNothing();
}

/** Both directions; returns whether there was a friendship. */
export async function deleteFriendship(db: Executor, a: number, b: number): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(or(and(eq(friendships.userId, a), eq(friendships.friendId, b)), and(eq(friendships.userId, b), eq(friendships.friendId, a))))
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

const friendColumns = { ...peerColumnsOf(users), remark: friendships.remark, since: friendships.since };

export async function listFriends(db: Executor, userId: number): Promise<FriendRow[]> {
  return db
    .select(friendColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(desc(friendships.since), desc(users.id));
}

export async function findFriend(db: Executor, userId: number, friendId: number): Promise<FriendRow | undefined> {
  const rows = await db
    .select(friendColumns)
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return rows[0];
}

export async function setRemark(db: Executor, userId: number, friendId: number, remark: string): Promise<boolean> {
  const rows = await db
    .update(friendships)
    .set({ remark })
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

// ---- Requests -----------------------------------------------------------------------------------

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const requestWithPeers = {
  request: friendRequests,
  from: peerColumnsOf(fromUser),
  to: peerColumnsOf(toUser),
};

function requestsQuery(db: Executor) {
  return db
    .select(requestWithPeers)
    .from(friendRequests)
    .innerJoin(fromUser, eq(fromUser.id, friendRequests.fromId))
    .innerJoin(toUser, eq(toUser.id, friendRequests.toId));
}

function flatten(rows: { request: FriendRequestRow; from: PeerRow; to: PeerRow }[]): FriendRequestWithPeers[] {
  return rows.map(({ request, from, to }) => ({ ...request, from, to }));
}

export async function insertRequest(db: Executor, fromId: number, toId: number, note: string): Promise<FriendRequestRow | undefined> {
  const rows = await db.insert(friendRequests).values({ fromId, toId, note }).onConflictDoNothing().returning();
  return rows[0];
}

export async function findRequest(db: Executor, id: number): Promise<FriendRequestWithPeers | undefined> {
  return flatten(await requestsQuery(db).where(eq(friendRequests.id, id)))[0];
}

/** Settles every pending request between the pair, both directions; returns the ids it changed. */
export async function decidePendingBetween(db: Executor, a: number, b: number, state: 'added', at: Date): Promise<number[]> {
  const rows = await db
    .update(friendRequests)
    .set({ state, decidedAt: at })
    .where(
      and(
        eq(friendRequests.state, 'sent'),
        or(and(eq(friendRequests.fromId, a), eq(friendRequests.toId, b)), and(eq(friendRequests.fromId, b), eq(friendRequests.toId, a))),
      ),
    )
    .returning({ id: friendRequests.id });
  return rows.map((r) => r.id);
}

export async function decideRequest(db: Executor, id: number, state: 'rejected', at: Date): Promise<void> {
  await db
    .update(friendRequests)
    .set({ state, decidedAt: at })
    .where(and(eq(friendRequests.id, id), eq(friendRequests.state, 'sent')));
}

export async function listIncoming(db: Executor, userId: number, limit: number): Promise<FriendRequestWithPeers[]> {
  return flatten(await requestsQuery(db).where(eq(friendRequests.toId, userId)).orderBy(desc(friendRequests.id)).limit(limit));
}

export async function listOutgoing(db: Executor, userId: number, limit: number): Promise<FriendRequestWithPeers[]> {
  return flatten(await requestsQuery(db).where(eq(friendRequests.fromId, userId)).orderBy(desc(friendRequests.id)).limit(limit));
}

// ---- Search -------------------------------------------------------------------------------------

export interface SearchRow extends PeerRow {
  isFriend: boolean;
  outgoing: boolean;
  incoming: boolean;
}

/** Escapes LIKE wildcards so a nickname search for "50%" means those characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Users matching a uid (digits), a full wallet address, or a nickname substring, never the searcher; with
 * whether each is a friend and whether a request waits either way (correlated lookups on indexed keys).
 */
export async function searchUsers(db: Executor, searcherId: number, q: string, limit: number): Promise<SearchRow[]> {
  const conditions = [ilike(users.nickname, likePattern(q))];
  if (/^\d{1,9}$/.test(q)) conditions.push(eq(users.id, Number(q)));
  if (/^0x[0-9a-fA-F]{40}$/.test(q)) conditions.push(eq(users.account, q.toLowerCase()));
  // The correlated subqueries name `users.id` literally: drizzle leaves columns unqualified in a one-table select.
  const rows = await db
    .select({
      ...peerColumnsOf(users),
      isFriend: sql<boolean>`exists (select 1 from chat_friendships f where f.user_id = ${searcherId} and f.friend_id = users.id)`,
      outgoing: sql<boolean>`exists (select 1 from chat_friend_requests r where r.from_id = ${searcherId} and r.to_id = users.id and r.state = 'sent')`,
      incoming: sql<boolean>`exists (select 1 from chat_friend_requests r where r.from_id = users.id and r.to_id = ${searcherId} and r.state = 'sent')`,
    })
    .from(users)
    .where(and(sql`${users.id} <> ${searcherId}`, or(...conditions)))
    .orderBy(users.id)
    .limit(limit);
  return rows;
}
