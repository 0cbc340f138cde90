import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clockSettings } from '../../db/schema/index.js';

export async function readOffset(db: Executor): Promise<number | null> {
  const [row] = await db.select({ offsetMs: clockSettings.offsetMs }).from(clockSettings).where(eq(clockSettings.id, 1));
  return row?.offsetMs ?? null;
}

export async function writeOffset(db: Executor, offsetMs: number): Promise<void> {
  await db
    .insert(clockSettings)
    .values({ id: 1, offsetMs })
    .onConflictDoUpdate({ target: clockSettings.id, set: { offsetMs, updatedAt: sql`now()` } });
}
