import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OperatorRole } from '@reef/contract';
import type { Executor } from '../../db/client.js';
import { adjustmentRequests, consoleSettings, operatorRoles, users } from '../../db/schema/index.js';
import { sortedBy, type ListSort } from '../../db/sort.js';

export async function allRoles(db: Executor) {
  return db.select({ account: operatorRoles.account, role: operatorRoles.role }).from(operatorRoles);
}

export async function listRoles(db: Executor) {
  return db
    .select({
      account: operatorRoles.account,
      role: operatorRoles.role,
      uid: users.id,
      seeded: operatorRoles.seeded,
      createdAt: operatorRoles.createdAt,
    })
    .from(operatorRoles)
    .leftJoin(users, eq(users.account, operatorRoles.account))
    .orderBy(operatorRoles.role, operatorRoles.account);
}

/** Makes the seeded rows equal to the configured ones; rows granted in the console stay. */
export async function seedRoles(db: Executor, wanted: readonly { account: string; role: OperatorRole }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(operatorRoles).where(eq(operatorRoles.seeded, true));
    if (wanted.length > 0)
      await tx
        .insert(operatorRoles)
        .values(wanted.map((w) => ({ ...w, seeded: true })))
        .onConflictDoUpdate({ target: [operatorRoles.account, operatorRoles.role], set: { seeded: true } });
  });
}

export async function insertRole(db: Executor, account: string, role: OperatorRole, grantedBy: number): Promise<boolean> {
  const rows = await db.insert(operatorRoles).values({ account, role, grantedBy }).onConflictDoNothing().returning({ account: operatorRoles.account });
  return rows.length === 1;
}

export async function deleteRole(db: Executor, account: string, role: OperatorRole): Promise<boolean> {
  const rows = await db
    .delete(operatorRoles)
    .where(and(eq(operatorRoles.account, account), eq(operatorRoles.role, role)))
    .returning({ account: operatorRoles.account });
  return rows.length === 1;
}

/** Serialises role changes: two administrators removing each other cannot leave none. */
export async function lockRoles(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('reef:operator_roles'))`);
}

export async function countRole(db: Executor, role: OperatorRole): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operatorRoles)
    .where(eq(operatorRoles.role, role));
  return rows[0]!.n;
}

export async function accountsWithRole(db: Executor, role: OperatorRole): Promise<string[]> {
  const rows = await db.select({ account: operatorRoles.account }).from(operatorRoles).where(eq(operatorRoles.role, role));
  return rows.map((r) => r.account);
}

export async function rolesOfAccounts(db: Executor, accounts: string[]) {
  if (accounts.length === 0) return [];
  return db.select({ account: operatorRoles.account, role: operatorRoles.role }).from(operatorRoles).where(inArray(operatorRoles.account, accounts));
}

export async function readSetting(db: Executor, key: string): Promise<string | null> {
  const rows = await db.select({ value: consoleSettings.value }).from(consoleSettings).where(eq(consoleSettings.key, key));
  return rows[0]?.value ?? null;
}

export async function writeSetting(db: Executor, key: string, value: string | null, by: number): Promise<void> {
  await db
    .insert(consoleSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: consoleSettings.key, set: { value, updatedBy: by, updatedAt: sql`now()` } });
}

export async function insertAdjustmentRequest(db: Executor, row: { requestedBy: number; userId: number; asset: string; amount: string; memo: string }) {
  const rows = await db.insert(adjustmentRequests).values(row).returning();
  return rows[0]!;
}

export async function adjustmentRequestForUpdate(db: Executor, id: number) {
  const rows = await db.select().from(adjustmentRequests).where(eq(adjustmentRequests.id, id)).for('update');
  return rows[0];
}

export async function decideAdjustmentRequest(db: Executor, id: number, patch: { status: string; decidedBy: number; decidedAt: Date; entryId: number | null }) {
  const rows = await db.update(adjustmentRequests).set(patch).where(eq(adjustmentRequests.id, id)).returning();
  return rows[0]!;
}

const ADJUSTMENT_SORTS = {
  id: adjustmentRequests.id,
  uid: adjustmentRequests.userId,
  amount: adjustmentRequests.amount,
  status: adjustmentRequests.status,
  created_at: adjustmentRequests.createdAt,
};

export async function listAdjustmentRequests(db: Executor, status: string | undefined, sort?: ListSort<keyof typeof ADJUSTMENT_SORTS>) {
  return db
    .select()
    .from(adjustmentRequests)
    .where(status ? eq(adjustmentRequests.status, status) : undefined)
    .orderBy(...(sortedBy(ADJUSTMENT_SORTS, adjustmentRequests.id, sort) ?? [sql`${adjustmentRequests.id} desc`]))
    .limit(200);
}
