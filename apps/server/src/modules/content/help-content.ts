/**
 * The help set shipped in apps/server/content/<language>/<slug>.md: articles, announcements and FAQs,
 * each in all six languages. Read once per process and kept in memory — it is part of the release, not
 * data, so it changes with a deploy and never needs a migration (decision 021).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LANGUAGES, type ArticleKind, type LanguageCode } from '@reef/contract';
import { contentApi } from '@reef/contract';

export interface HelpSection {
  /** The section's `## ` heading; the article title for the text before the first heading. */
  heading: string;
  /** The section's Markdown, without its heading. */
  text: string;
}

export interface HelpArticle {
  slug: string;
  kind: ArticleKind;
  title: string;
  published: string;
  language: LanguageCode;
  body: string;
  summary: string;
  sections: HelpSection[];
}

export type HelpLibrary = ReadonlyMap<LanguageCode, readonly HelpArticle[]>;

/** apps/server/content, seen from src/modules/content/ (tsx, tests) or from the bundled dist/server.js. */
export const contentFolder = ['../../../content', '../content']
  .map((relative) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), relative))
  .find((folder) => fs.existsSync(path.join(folder, 'en-us')))!;

const frontMatter = z.object({
  slug: contentApi.articleId,
  kind: contentApi.articleKind,
  title: z.string().min(1).max(200),
  published: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/** Splits `---\nkey: value\n---\nbody`; values may be double-quoted (a title with a colon). */
export function parseHelpFile(source: string, where: string): { meta: z.infer<typeof frontMatter>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${where}: missing front matter`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${where}: bad front matter line "${line}"`);
    let value = line.slice(colon + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = JSON.parse(value) as string;
    fields[line.slice(0, colon).trim()] = value;
  }
  const meta = frontMatter.safeParse(fields);
  if (!meta.success) throw new Error(`${where}: ${meta.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  if (/<[a-z!/]/i.test(match[2]!)) throw new Error(`${where}: raw HTML is not allowed in help content`);
  return { meta: meta.data, body: match[2]!.trim() };
}

export function splitSections(title: string, body: string): HelpSection[] {
  const sections: HelpSection[] = [];
  let heading = title;
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) sections.push({ heading, text });
  };
  for (const line of body.split('\n')) {
    const h = /^##\s+(.+)$/.exec(line);
    if (h) {
      flush();
      heading = h[1]!.trim();
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

/** The first paragraph with Markdown emphasis, links and list marks taken out. */
export function plainSummary(body: string, max = 160): string {
  const paragraph = body.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith('#')) ?? '';
  const text = paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Reads and checks the whole set: every slug in every language, with the same kind and date. */
export function loadHelpLibrary(folder: string = contentFolder): HelpLibrary {
  const library = new Map<LanguageCode, HelpArticle[]>();
  for (const { code } of LANGUAGES) {
    const dir = path.join(folder, code);
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.md'))
          .sort()
      : [];
    const articles = files.map((file) => {
      const where = `${code}/${file}`;
      const { meta, body } = parseHelpFile(fs.readFileSync(path.join(dir, file), 'utf8'), where);
      if (`${meta.slug}.md` !== file) throw new Error(`${where}: slug "${meta.slug}" does not match the file name`);
      return { ...meta, language: code, body, summary: plainSummary(body), sections: splitSections(meta.title, body) };
    });
    articles.sort((a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug));
    library.set(code, articles);
  }
  const reference = library.get('en-us')!;
  if (reference.length === 0) throw new Error(`no help content under ${folder}/en-us`);
  for (const [code, articles] of library) {
    const bySlug = new Map(articles.map((a) => [a.slug, a]));
    for (const en of reference) {
      const other = bySlug.get(en.slug);
      if (!other) throw new Error(`help content: ${en.slug} is missing in ${code}`);
      if (other.kind !== en.kind || other.published !== en.published) throw new Error(`help content: ${code}/${en.slug} differs from en-us in kind or date`);
    }
    if (articles.length !== reference.length) throw new Error(`help content: ${code} has articles that en-us does not`);
  }
  return library;
}

let shared: HelpLibrary | undefined;

/** The shipped set, read on first use and kept for the life of the process. */
export function helpLibrary(): HelpLibrary {
  shared ??= loadHelpLibrary();
  return shared;
}
