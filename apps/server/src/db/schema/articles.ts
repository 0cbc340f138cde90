import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Articles and announcements operators write (decision 078), next to the built-in help set (decision 021). The text
 * of each language is a row of `article_texts`; a language without one reads the default (zh-tw), then any.
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    /** 'article', 'announcement' or 'faq': the categories the help set uses too. */
    kind: text('kind').notNull(),
    /** A pinned announcement heads the list and scrolls on Home. */
    pinned: boolean('pinned').notNull().default(false),
    /** Hidden: out of every list and unreadable; the operator's way to withdraw one. */
    hidden: boolean('hidden').notNull().default(false),
    publishedAt: timestamptz('published_at').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('articles_kind', sql`${t.kind} in ('article', 'announcement', 'faq')`), index('articles_listing_idx').on(t.hidden, t.pinned, t.publishedAt)],
);

export const articleTexts = pgTable(
  'article_texts',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** Markdown; the app renders it without raw HTML (decision 078). */
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    check('article_texts_language', sql`${t.language} in ('zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru')`),
  ],
);
