import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clockSettings } from '../../db/schema/index.js';

export interface SharedOffset {
  offsetMs: number;
  version: number;
}

export async function readOffset(db: Executor): Promise<SharedOffset | null> {
  const [row] = await db.select({ offsetMs: clockSettings.offsetMs, version: clockSettings.version }).from(clockSettings).where(eq(clockSettings.id, 1));
  return row ?? null;
}

/**
 * One statement, so two moves never start from the same base: `set` replaces the offset, `advance` adds to the
 * stored one (or to `fallbackBase`, this process's offset, when no move was ever stored). Each raises the version.
 */
export async function moveOffset(db: Executor, change: { set: number } | { advance: number; fallbackBase: number }): Promise<SharedOffset> {
  const [row] = await db
    .insert(clockSettings)
    .values({ id: 1, offsetMs: 'set' in change ? change.set : change.fallbackBase + change.advance, version: 1 })
    .onConflictDoUpdate({
      target: clockSettings.id,
      set: {
        offsetMs: 'set' in change ? change.set : sql`${clockSettings.offsetMs} + ${change.advance}`,
        version: sql`${clockSettings.version} + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ offsetMs: clockSettings.offsetMs, version: clockSettings.version });
  return row!;
}
