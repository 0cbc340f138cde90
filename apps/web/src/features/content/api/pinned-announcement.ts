import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentApi } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { articlesRootKey } from './list-articles';

/** GET /api/article?kind=announcement&pinned=true&limit=1 — the newest pinned announcement, in the UI language. */
export function pinnedAnnouncementQueryOptions(language: string) {
  return queryOptions({
    queryKey: [...articlesRootKey, 'pinned', language],
    queryFn: async ({ signal }) => {
      const page = await callApi(contentApi.listArticles, { query: { kind: 'announcement', pinned: 'true', page: 1, limit: 1 }, signal, quiet: true });
      return page.list[0] ?? null;
    },
    staleTime: 60_000,
  });
}

export function usePinnedAnnouncement() {
  const { i18n } = useTranslation();
  return useQuery(pinnedAnnouncementQueryOptions(i18n.language));
}
