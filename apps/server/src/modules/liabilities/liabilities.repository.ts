import { asc, desc, eq, and } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { liabilitiesLeaves, liabilitiesSnapshots } from '../../db/schema/index.js';

export type SnapshotRow = typeof liabilitiesSnapshots.$inferSelect;
export type LeafRow = typeof liabilitiesLeaves.$inferSelect;

/** Rows per insert: four parameters each, far below PostgreSQL's 65,535 per statement. */
const LEAF_BATCH = 5000;

export async function insertSnapshot(db: Executor, values: typeof liabilitiesSnapshots.$inferInsert): Promise<SnapshotRow> {
  const rows = await db.insert(liabilitiesSnapshots).values(values).returning();
  return rows[0]!;
}

export async function insertLeaves(db: Executor, leaves: (typeof liabilitiesLeaves.$inferInsert)[]): Promise<void> {
  for (let at = 0; at < leaves.length; at += LEAF_BATCH) await db.insert(liabilitiesLeaves).values(leaves.slice(at, at + LEAF_BATCH));
}

export async function latestSnapshots(db: Executor, limit: number): Promise<SnapshotRow[]> {
  return db.select().from(liabilitiesSnapshots).orderBy(desc(liabilitiesSnapshots.takenAt), desc(liabilitiesSnapshots.id)).limit(limit);
}

export async function snapshot(db: Executor, id: number): Promise<SnapshotRow | undefined> {
  const rows = await db.select().from(liabilitiesSnapshots).where(eq(liabilitiesSnapshots.id, id));
  return rows[0];
}

export async function leafOf(db: Executor, snapshotId: number, userId: number): Promise<LeafRow | undefined> {
  const rows = await db
    .select()
    .from(liabilitiesLeaves)
    .where(and(eq(liabilitiesLeaves.snapshotId, snapshotId), eq(liabilitiesLeaves.userId, userId)));
  return rows[0];
}

export async function leavesOf(db: Executor, snapshotId: number): Promise<LeafRow[]> {
  return db.select().from(liabilitiesLeaves).where(eq(liabilitiesLeaves.snapshotId, snapshotId)).orderBy(asc(liabilitiesLeaves.leafIndex));
}
