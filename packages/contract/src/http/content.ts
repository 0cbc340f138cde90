import * as z from 'zod/mini';
import { endpoint, freeText, isoTime, languageName, pagedList, pageQuery, serialIdParams } from '../common.js';

export const ARTICLE_KINDS = ['article', 'announcement', 'faq'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export const articleKind = z.enum(ARTICLE_KINDS);

/**
 * Where an article comes from (decision 078): 'help', the built-in help set shipped with the release (decision 021),
 * or 'news', what operators write in the database.
 */
export const ARTICLE_CATEGORIES = ['help', 'news'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/**
 * Articles are addressed by id: a help article by its slug (stable across languages and releases), an operator's by
 * its number.
 */
export const articleId = z
  .string()
  .check(z.minLength(1))
  .check(z.maxLength(64))
  .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));

export const articleSummary = z.object({
  id: z.string(),
  kind: articleKind,
  category: z.enum(ARTICLE_CATEGORIES),
  pinned: z.boolean(),
  title: z.string(),
  /** The first paragraph as plain text, for the list. */
  summary: z.string(),
  /** YYYY-MM-DD. */
  published: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

/**
 * Help articles, announcements and FAQs in the request's language: pinned first, then newest first. Public.
 * `category` keeps one source; `pinned=true` only pinned ones (Home's scrolling announcement).
 */
export const listArticles = endpoint('GET /api/article', 'none', {
  query: z.extend(pageQuery, {
    kind: z.optional(articleKind),
    category: z.optional(z.enum(ARTICLE_CATEGORIES)),
    pinned: z.optional(
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((v) => v === 'true'),
      ),
    ),
  }),
  response: pagedList(articleSummary),
});

export const article = z.extend(z.omit(articleSummary, { summary: true }), {
  /** Markdown (no raw HTML is rendered by the client; images only from the app's own uploads). */
  body: z.string(),
  /** The language the text is in (the request's, or another when that one was not written). */
  language: z.string(),
});
export type Article = z.infer<typeof article>;

export const getArticle = endpoint('GET /api/article/:id', 'none', {
  params: z.object({ id: articleId }),
  response: article,
});

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_BODY_MAX = 20_000;

const articleText = z.strictObject({ title: freeText(ARTICLE_TITLE_MAX), body: freeText(ARTICLE_BODY_MAX, { multiline: true }) });

/** The operator's view: every language's text, hidden ones too. */
export const adminArticle = z.object({
  id: z.int(),
  kind: articleKind,
  pinned: z.boolean(),
  hidden: z.boolean(),
  published_at: isoTime,
  texts: z.array(z.object({ language: z.string(), title: z.string(), body: z.string() })),
});
export type AdminArticle = z.infer<typeof adminArticle>;

const textsBody = z
  .array(z.extend(articleText, { language: languageName }))
  .check(z.minLength(1))
  .check(z.maxLength(6))
  .check(z.refine((texts) => new Set(texts.map((t) => t.language)).size === texts.length, { message: 'one text per language' }));

/**
 * Writes an article (decision 078): Markdown per language; an image in it must be an upload of the operator's
 * (POST /api/upload first), else ARTICLE_IMAGE_INVALID. Audited as `article.changed`.
 */
export const adminCreateArticle = endpoint('POST /api/admin/articles', 'admin', {
  body: z.strictObject({ kind: articleKind, pinned: z._default(z.boolean(), false), texts: textsBody }),
  response: adminArticle,
});

/** Changes an article: its kind, pin, visibility, and the texts of the languages given (others stay). */
export const adminUpdateArticle = endpoint('POST /api/admin/articles/:id', 'admin', {
  params: serialIdParams,
  body: z
    .strictObject({ kind: z.optional(articleKind), pinned: z.optional(z.boolean()), hidden: z.optional(z.boolean()), texts: z.optional(textsBody) })
    .check(z.refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'nothing to change' })),
  response: adminArticle,
});

export const adminListArticles = endpoint('GET /api/admin/articles', 'admin', {
  query: pageQuery,
  response: pagedList(adminArticle),
});
