import { useQuery } from '@tanstack/react-query';
import { shareApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useTranslation } from '../../../i18n';

/** GET /api/share — what a shared invitation shows (title, image, synopsis) in the page's language. */
export function getShare(signal?: AbortSignal) {
  return callApi(shareApi.getShare, { signal });
}

export function useShareContent() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Keyed by language: the server answers the request's language (or zh-tw's content when that one is not set).
  return useQuery({ queryKey: ['community', 'share', language], queryFn: ({ signal }) => getShare(signal) });
}
