import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';

/** GET /api/transfer/recent — the people the user last sent money to, from the user's own ledger lines. */
export const recentRecipientsQueryKey = ['transfer', 'recent-recipients'] as const;

export function getRecentRecipients(signal?: AbortSignal) {
  return callApi(transferApi.recentRecipients, { signal, quiet: true });
}

export function recentRecipientsQueryOptions() {
  return queryOptions({ queryKey: recentRecipientsQueryKey, queryFn: ({ signal }) => getRecentRecipients(signal) });
}

export function useRecentRecipients() {
  const { token } = useSession();
  return useQuery({ ...recentRecipientsQueryOptions(), enabled: token !== null });
}
