import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginMessages, loginNonces, sessions, users } from '../../db/schema/index.js';

export async function insertNonce(db: Executor, nonce: string, expiresAt: Date): Promise<void> {
  await db.insert(loginNonces).values({ nonce, expiresAt });
}

/** Marks the nonce used if it exists, is unused and unexpired — atomically, so it can be used once. */
export async function consumeNonce(db: Executor, nonce: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginNonces)
    .set({ usedAt: now })
    .where(and(eq(loginNonces.nonce, nonce), isNull(loginNonces.usedAt), gt(loginNonces.expiresAt, now)))
    .returning({ nonce: loginNonces.nonce });
  return rows.length === 1;
}

/** Records a legacy message; false when that account already signed in with it. */
export async function recordLegacyMessage(db: Executor, account: string, msg: string): Promise<boolean> {
  const rows = await db.insert(loginMessages).values({ account, msg }).onConflictDoNothing().returning({ msg: loginMessages.msg });
  return rows.length === 1;
}

export async function insertSession(db: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

export async function revokeSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: number, now: Date): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** A user's latest sessions, newest first (one range scan on sessions_user_id_idx). */
export function userSessions(db: Executor, userId: number, limit: number) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(limit);
}

/** The sessions of these token hashes, each with its user's account, in one statement: the
 * requests whose sessions are not in this process's cache at that moment (decision 127). */
export async function findSessions(db: Executor, tokenHashes: readonly string[]) {
  return db
    .select({ tokenHash: sessions.tokenHash, userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, account: users.account })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.tokenHash, [...tokenHashes]));
}

/** Housekeeping: rows that can no longer change any decision. */
export async function pruneExpired(db: Executor, now: Date, legacyWindowMs: number): Promise<void> {
  await db.delete(loginNonces).where(lt(loginNonces.expiresAt, now));
  await db.delete(loginMessages).where(lt(loginMessages.createdAt, new Date(now.getTime() - 2 * legacyWindowMs)));
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`${now.toISOString()}::timestamptz - interval '30 days'`));
}

/** Distinct users who opened a session since `since` or appear in `others` (a subquery of `user_id`s). */
export async function countActiveSince(db: Executor, since: Date, others: SQL): Promise<number> {
  const rows = (await db.execute(
    sql`select count(*)::int as n from (select ${sessions.userId} as user_id from ${sessions} where ${sessions.createdAt} >= ${since.toISOString()}::timestamptz union ${others}) active`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]!.n;
}
