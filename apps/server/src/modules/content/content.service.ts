import type { ArticleKind, LanguageCode } from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import type { HelpArticle, HelpLibrary } from './help-content.js';

export function listArticles(library: HelpLibrary, language: LanguageCode, query: { kind?: ArticleKind; page: number; limit: number }) {
  const all = (library.get(language) ?? []).filter((a) => !query.kind || a.kind === query.kind);
  const start = (query.page - 1) * query.limit;
  return {
    list: all.slice(start, start + query.limit).map((a) => ({ id: a.slug, kind: a.kind, title: a.title, summary: a.summary, published: a.published })),
    page: query.page,
    limit: query.limit,
    total: all.length,
  };
}

export function findArticle(library: HelpLibrary, language: LanguageCode, slug: string): HelpArticle | undefined {
  return (library.get(language) ?? []).find((a) => a.slug === slug) ?? library.get('en-us')?.find((a) => a.slug === slug);
}

export function getArticle(library: HelpLibrary, language: LanguageCode, slug: string) {
  const article = findArticle(library, language, slug);
  if (!article) throw new DomainError('NOT_FOUND');
  return { id: article.slug, kind: article.kind, title: article.title, published: article.published, body: article.body, language: article.language };
}
