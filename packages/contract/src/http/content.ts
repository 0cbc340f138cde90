import * as z from 'zod/mini';
import { endpoint, pagedList, pageQuery } from '../common.js';

export const ARTICLE_KINDS = ['article', 'announcement', 'faq'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export const articleKind = z.enum(ARTICLE_KINDS);

/** Articles are addressed by slug: stable across languages and releases. */
export const articleId = z
  .string()
  .check(z.minLength(1))
  .check(z.maxLength(64))
  .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));

export const articleSummary = z.object({
  id: z.string(),
  kind: articleKind,
  title: z.string(),
  /** The first paragraph as plain text, for the list. */
  summary: z.string(),
  /** YYYY-MM-DD. */
  published: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

/** Help articles, announcements and FAQs in the request's language, newest first. Public. */
export const listArticles = endpoint('GET /api/article', 'none', {
  query: z.extend(pageQuery, { kind: z.optional(articleKind) }),
  response: pagedList(articleSummary),
});

export const article = z.extend(z.omit(articleSummary, { summary: true }), {
  /** Markdown (no raw HTML is rendered by the client). */
  body: z.string(),
  /** The language the text is in (the request's, or English when that is missing). */
  language: z.string(),
});
export type Article = z.infer<typeof article>;

export const getArticle = endpoint('GET /api/article/:id', 'none', {
  params: z.object({ id: articleId }),
  response: article,
});
