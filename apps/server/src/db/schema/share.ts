import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * What a shared invitation shows (spec §3 "Share content": title, img, synopsis), one row per language an operator
 * set (decision 066). A language without a row falls back to zh-tw, the default, which the migration seeds.
 */
export const shareContents = pgTable(
  'share_contents',
  {
    language: text('language').primaryKey(),
    title: text('title').notNull(),
    /** An upload's address (`/uploads/<sha256>.<ext>`) the operator made; null shows the app's own art. */
    img: text('img'),
    synopsis: text('synopsis').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('share_contents_language', sql`${t.language} in ('zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru')`)],
);
