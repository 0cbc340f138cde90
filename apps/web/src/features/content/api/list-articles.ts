import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { contentApi, type ArticleKind } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

export const ARTICLES_PAGE_LIMIT = 20;
/** Articles come in the UI language, so the language is part of every key. */
export const articlesRootKey = ['articles'] as const;

/** GET /api/article — help articles, announcements and FAQs, newest first; public. */
export function listArticles(kind: ArticleKind | undefined, page: number, signal?: AbortSignal) {
  return callApi(contentApi.listArticles, { query: { page, limit: ARTICLES_PAGE_LIMIT, kind }, signal });
}

export function articlesQueryOptions(language: string, kind: ArticleKind | undefined) {
  return infiniteQueryOptions({
    queryKey: [...articlesRootKey, 'list', language, kind ?? 'all'],
    queryFn: ({ pageParam, signal }) => listArticles(kind, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useArticles(kind: ArticleKind | undefined) {
  const { i18n } = useTranslation();
  return useInfiniteQuery(articlesQueryOptions(i18n.language, kind));
}
