import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shareContents } from '../../db/schema/index.js';

export type ShareRow = typeof shareContents.$inferSelect;

/** The rows of the given languages (the request's and the default): one indexed read. */
export async function findContents(db: Executor, languages: string[]): Promise<ShareRow[]> {
  return db.select().from(shareContents).where(inArray(shareContents.language, languages));
}

export async function listContents(db: Executor): Promise<ShareRow[]> {
  return db.select().from(shareContents).orderBy(asc(shareContents.language));
}

/** The row as it stands, locked until the transaction ends, so two operators' changes audit in order. */
export async function lockContent(db: Executor, language: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(shareContents).where(eq(shareContents.language, language)).for('update');
  return row ?? null;
}

export async function upsertContent(
  db: Executor,
  values: { language: string; title: string; img: string | null; synopsis: string; updatedBy: number; updatedAt: Date },
): Promise<ShareRow> {
  const [row] = await db
    .insert(shareContents)
    .values(values)
    .onConflictDoUpdate({
      target: shareContents.language,
      set: { title: values.title, img: values.img, synopsis: values.synopsis, updatedBy: values.updatedBy, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}

export async function deleteContent(db: Executor, language: string): Promise<void> {
  await db.delete(shareContents).where(eq(shareContents.language, language));
}
