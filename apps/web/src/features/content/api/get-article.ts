import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { contentApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { articlesRootKey } from './list-articles';

/** GET /api/article/:id — one article's Markdown in the UI language. */
export function getArticle(id: string, signal?: AbortSignal) {
  return callApi(contentApi.getArticle, { params: { id }, signal, quiet: true });
}

export function articleQueryOptions(language: string, id: string) {
  return queryOptions({
    queryKey: [...articlesRootKey, 'one', language, id],
    queryFn: ({ signal }) => getArticle(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useArticle(id: string | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...articleQueryOptions(i18n.language, id ?? ''), enabled: id !== null });
}
