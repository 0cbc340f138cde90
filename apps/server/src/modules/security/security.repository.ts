import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export interface PayPasswordState {
  hash: string | null;
  failures: number;
  lockedUntil: Date | null;
}

const stateColumns = { hash: users.payPasswordHash, failures: users.payPasswordFailures, lockedUntil: users.payPasswordLockedUntil };

/** The password state without a lock: what a guess is hashed against before its outcome is counted under `lockState`. */
export async function readState(db: Executor, userId: number): Promise<PayPasswordState | undefined> {
  const rows = await db.select(stateColumns).from(users).where(eq(users.id, userId));
  return rows[0];
}

/**
 * Locks the user's row for the rest of the transaction and reads the password state, so attempts on one
 * user are counted one after another. NO KEY UPDATE: it does not block inserts elsewhere that reference the
 * user (postings, sessions), which only take a KEY SHARE lock.
 */
export async function lockState(db: Executor, userId: number): Promise<PayPasswordState | undefined> {
  const rows = await db.select(stateColumns).from(users).where(eq(users.id, userId)).for('no key update');
  return rows[0];
}

/** `lockState` for several users at once, in id order (so two such locks cannot wait on each other in a cycle). */
export async function lockStates(db: Executor, userIds: readonly number[]): Promise<Map<number, PayPasswordState>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, ...stateColumns })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.id))
    .for('no key update');
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}

export async function storeHash(db: Executor, userId: number, hash: string): Promise<void> {
  await db.update(users).set({ payPasswordHash: hash, payPasswordFailures: 0, payPasswordLockedUntil: null }).where(eq(users.id, userId));
}

export async function clearFailures(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ payPasswordFailures: 0, payPasswordLockedUntil: null }).where(eq(users.id, userId));
}

/**
 * Counts one wrong password in a single statement: the `maxFailures`-th in a row locks the password until
 * `lockUntil` and starts the count afresh. Returns the state after.
 */
export async function recordFailure(
  db: Executor,
  userId: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const reachesMax = sql`${users.payPasswordFailures} + 1 >= ${maxFailures}`;
  const rows = await db
    .update(users)
    .set({
      payPasswordFailures: sql`case when ${reachesMax} then 0 else ${users.payPasswordFailures} + 1 end`,
      payPasswordLockedUntil: sql`case when ${reachesMax} then ${lockUntil.toISOString()}::timestamptz else ${users.payPasswordLockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.payPasswordFailures, lockedUntil: users.payPasswordLockedUntil });
  return rows[0]!;
}
