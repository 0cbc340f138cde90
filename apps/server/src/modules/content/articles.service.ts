/**
 * Articles and announcements operators write (decision 078), served with the built-in help set (decision 021) by
 * GET /api/article and /api/article/:id. Help articles are addressed by slug, operators' by number; a list merges
 * both, pinned first and then newest first. A language without its own text reads zh-tw's, then any other's.
 */
import { DEFAULT_LANGUAGE, type AdminArticle, type ArticleCategory, type ArticleKind, type LanguageCode } from '@reef/contract';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as clock from '../../core/clock.js';
import { recordEvent } from '../events/events.service.js';
import { findUploadByAddress } from '../uploads/uploads.service.js';
import { plainSummary, type HelpLibrary } from './help-content.js';
import * as repo from './articles.repository.js';

interface ListQuery {
  kind?: ArticleKind;
  category?: ArticleCategory;
  pinned?: boolean;
  page: number;
  limit: number;
}

interface Entry {
  id: string;
  kind: ArticleKind;
  category: ArticleCategory;
  pinned: boolean;
  title: string;
  summary: string;
  published: string;
  /** For the merge: pinned first, then newest. */
  sortKey: string;
}

function pickText(texts: readonly repo.ArticleTextRow[], language: LanguageCode): repo.ArticleTextRow | undefined {
  return texts.find((t) => t.language === language) ?? texts.find((t) => t.language === DEFAULT_LANGUAGE) ?? texts[0];
}

function operatorEntry(row: repo.ArticleRow, texts: readonly repo.ArticleTextRow[], language: LanguageCode): Entry {
  const text = pickText(
    texts.filter((t) => t.articleId === row.id),
    language,
  );
  const published = row.publishedAt.toISOString();
  return {
    id: String(row.id),
    kind: row.kind as ArticleKind,
    category: 'news',
    pinned: row.pinned,
    title: text?.title ?? '',
    summary: plainSummary(text?.body ?? ''),
    published: published.slice(0, 10),
    sortKey: `${row.pinned ? 1 : 0}|${published}`,
  };
}

export async function listArticles(db: Database, library: HelpLibrary, language: LanguageCode, query: ListQuery) {
  const wantHelp = query.category !== 'news' && query.pinned !== true;
  const wantNews = query.category !== 'help';
  const help: Entry[] = wantHelp
    ? (library.get(language) ?? [])
        .filter((a) => !query.kind || a.kind === query.kind)
        .map((a) => ({
          id: a.slug,
          kind: a.kind,
          category: 'help',
          pinned: false,
          title: a.title,
          summary: a.summary,
          published: a.published,
          sortKey: `0|${a.published}`,
        }))
    : [];
  const filter = { kind: query.kind, pinned: query.pinned };
  // The page can only hold operator articles from the first page·limit of theirs: read no more than that.
  const end = query.page * query.limit;
  const newsRows = wantNews ? await repo.listArticles(db, filter, end) : [];
  const newsTotal = wantNews ? await repo.countArticles(db, filter) : 0;
  const texts = await repo.textsOf(
    db,
    newsRows.map((row) => row.id),
  );
  const merged = [...newsRows.map((row) => operatorEntry(row, texts, language)), ...help].sort((a, b) =>
    a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0,
  );
  return {
    list: merged.slice(end - query.limit, end).map(({ sortKey: _sortKey, ...entry }) => entry),
    page: query.page,
    limit: query.limit,
    total: help.length + newsTotal,
  };
}

export async function getArticle(db: Database, library: HelpLibrary, language: LanguageCode, id: string) {
  if (/^\d+$/.test(id)) {
    const number = Number(id);
    const row = number <= 2_147_483_647 ? await repo.findArticle(db, number) : undefined;
    if (!row || row.hidden) throw new DomainError('NOT_FOUND');
    const text = pickText(await repo.textsOf(db, [row.id]), language);
    if (!text) throw new DomainError('NOT_FOUND');
    return {
      id,
      kind: row.kind as ArticleKind,
      category: 'news' as const,
      pinned: row.pinned,
      title: text.title,
      published: row.publishedAt.toISOString().slice(0, 10),
      body: text.body,
      language: text.language,
    };
  }
  const article = (library.get(language) ?? []).find((a) => a.slug === id) ?? library.get('en-us')?.find((a) => a.slug === id);
  if (!article) throw new DomainError('NOT_FOUND');
  return {
    id: article.slug,
    kind: article.kind,
    category: 'help' as const,
    pinned: false,
    title: article.title,
    published: article.published,
    body: article.body,
    language: article.language,
  };
}

// ---- operators ----

interface TextInput {
  language: LanguageCode;
  title: string;
  body: string;
}

/** Every image a Markdown text shows: `![alt](src)` and `![alt](src "title")`. */
export function imagesOf(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** Only the operator's own uploads: another user's file may be a recharge voucher, served to its owner only. */
async function checkImages(db: Database, operatorId: number, texts: readonly TextInput[]): Promise<void> {
  for (const src of new Set(texts.flatMap((t) => imagesOf(t.body)))) {
    if (!(await findUploadByAddress(db, src, operatorId))) throw new DomainError('ARTICLE_IMAGE_INVALID');
  }
}

function adminView(row: repo.ArticleRow, texts: readonly repo.ArticleTextRow[]): AdminArticle {
  return {
    id: row.id,
    kind: row.kind as ArticleKind,
    pinned: row.pinned,
    hidden: row.hidden,
    published_at: row.publishedAt.toISOString(),
    texts: texts.filter((t) => t.articleId === row.id).map((t) => ({ language: t.language, title: t.title, body: t.body })),
  };
}

function auditState(row: repo.ArticleRow, texts: readonly repo.ArticleTextRow[]) {
  return { kind: row.kind, pinned: row.pinned, hidden: row.hidden, languages: texts.filter((t) => t.articleId === row.id).map((t) => t.language) };
}

export async function createArticle(db: Database, operatorId: number, input: { kind: ArticleKind; pinned: boolean; texts: TextInput[] }, now = clock.now()) {
  await checkImages(db, operatorId, input.texts);
  return db.transaction(async (tx) => {
    const row = await repo.insertArticle(tx, { kind: input.kind, pinned: input.pinned, publishedAt: now, createdBy: operatorId });
    await repo.upsertTexts(tx, row.id, input.texts);
    const texts = await repo.textsOf(tx, [row.id]);
    await recordEvent(tx as Transaction, { type: 'article.changed', user_id: operatorId, article_id: row.id, before: null, after: auditState(row, texts) });
    return adminView(row, texts);
  });
}

export async function updateArticle(
  db: Database,
  operatorId: number,
  id: number,
  input: { kind?: ArticleKind; pinned?: boolean; hidden?: boolean; texts?: TextInput[] },
) {
  if (input.texts) await checkImages(db, operatorId, input.texts);
  return db.transaction(async (tx) => {
    const before = await repo.findArticle(tx, id, true);
    if (!before) throw new DomainError('NOT_FOUND');
    const beforeTexts = await repo.textsOf(tx, [id]);
    const set = { kind: input.kind, pinned: input.pinned, hidden: input.hidden };
    const row = Object.values(set).some((v) => v !== undefined) ? await repo.updateArticle(tx, id, set) : before;
    if (input.texts) await repo.upsertTexts(tx, id, input.texts);
    const texts = await repo.textsOf(tx, [id]);
    await recordEvent(tx as Transaction, {
      type: 'article.changed',
      user_id: operatorId,
      article_id: id,
      before: auditState(before, beforeTexts),
      after: auditState(row, texts),
    });
    return adminView(row, texts);
  });
}

export async function adminListArticles(db: Database, query: { page: number; limit: number }) {
  const filter = { includeHidden: true };
  const rows = await repo.listArticles(db, filter, query.limit, (query.page - 1) * query.limit);
  const texts = await repo.textsOf(
    db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => adminView(row, texts)), page: query.page, limit: query.limit, total: await repo.countArticles(db, filter) };
}
