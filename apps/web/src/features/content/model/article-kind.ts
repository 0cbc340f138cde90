import { ARTICLE_KINDS, type ArticleKind } from '@reef/contract';

/** The `kind` query parameter of article/index; anything else shows every kind. */
export function parseArticleKind(value: string | null): ArticleKind | undefined {
  return (ARTICLE_KINDS as readonly string[]).includes(value ?? '') ? (value as ArticleKind) : undefined;
}

/** The article id of article/details?id=…, when it has the slug shape the server accepts. */
export function parseArticleId(value: string | null): string | null {
  return value && value.length <= 64 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? value : null;
}

export function articleHref(id: string): string {
  return `/pages/article/details?id=${encodeURIComponent(id)}`;
}
