import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, articleTexts } from '../../db/schema/index.js';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleTextRow = typeof articleTexts.$inferSelect;

export interface ListFilter {
  kind?: string;
  pinned?: boolean;
  includeHidden?: boolean;
}

function where(filter: ListFilter) {
  return and(
    filter.includeHidden ? undefined : eq(articles.hidden, false),
    filter.kind ? eq(articles.kind, filter.kind) : undefined,
    filter.pinned === undefined ? undefined : eq(articles.pinned, filter.pinned),
  );
}

/** Pinned first, then newest first: the order of every list. */
export async function listArticles(db: Executor, filter: ListFilter, limit: number, offset = 0): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(where(filter))
    .orderBy(desc(articles.pinned), desc(articles.publishedAt), desc(articles.id))
    .limit(limit)
    .offset(offset);
}

export async function countArticles(db: Executor, filter: ListFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(where(filter));
  return row?.n ?? 0;
}

export async function findArticle(db: Executor, id: number, lock = false): Promise<ArticleRow | undefined> {
  const query = db.select().from(articles).where(eq(articles.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function textsOf(db: Executor, ids: readonly number[]): Promise<ArticleTextRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(articleTexts)
    .where(inArray(articleTexts.articleId, [...ids]))
    .orderBy(asc(articleTexts.language));
}

export async function insertArticle(db: Executor, values: typeof articles.$inferInsert): Promise<ArticleRow> {
  const [row] = await db.insert(articles).values(values).returning();
  return row!;
}

export async function updateArticle(db: Executor, id: number, set: Partial<Pick<ArticleRow, 'kind' | 'pinned' | 'hidden'>>): Promise<ArticleRow> {
  const [row] = await db.update(articles).set(set).where(eq(articles.id, id)).returning();
  return row!;
}

export async function upsertTexts(db: Executor, articleId: number, texts: readonly { language: string; title: string; body: string }[]): Promise<void> {
  if (texts.length === 0) return;
  await db
    .insert(articleTexts)
    .values(texts.map((text) => ({ articleId, ...text })))
    .onConflictDoUpdate({
      target: [articleTexts.articleId, articleTexts.language],
      set: { title: sql`excluded.title`, body: sql`excluded.body` },
    });
}
