import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Queries that already wait for their fetch in flight to end before fetching again (one follow-up each). */
const followUps = new Set<string>();

/**
 * After the fetch in flight: fetch again. Its answer may have been read before the change that was just patched in
 * (a message stored a moment later), and it replaces the patched data when it lands. One follow-up per fetch, so a
 * busy conversation cannot keep a fetch from ever finishing.
 */
function refetchAfterCurrentFetch(queryClient: QueryClient, queryKey: QueryKey): void {
  const id = JSON.stringify(queryKey);
  if (followUps.has(id)) return;
  followUps.add(id);
  // cancelRefetch: false joins the fetch in flight instead of restarting it.
  void queryClient.refetchQueries({ queryKey, exact: true, type: 'all' }, { cancelRefetch: false }).finally(() => {
    followUps.delete(id);
    void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

/**
 * Writes a local change (a message from the socket, a read mark, a pushed unread total) into a cached chat query
 * without passing it off as a fetch (decisions 043, 049). A plain setQueryData both clears an invalidation and
 * restarts the query's staleTime, so a copy that owes a refetch (a catch-up that failed, a friend just accepted)
 * would count as current and show without what it lacks for 30 s. Here the change shows at once, and:
 * - a current copy keeps its own fetch time (it goes stale when it would have);
 * - a copy that owes a refetch stays invalidated (the next page showing it refetches);
 * - a copy being fetched is fetched once more after that fetch, whose answer may predate the change.
 * An uncached query stays uncached: its first read fetches everything anyway.
 */
export function patchCachedQuery<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T) => T | undefined): void {
  const state = queryClient.getQueryState<T>(queryKey);
  if (state === undefined || state.data === undefined) return;
  const next = update(state.data);
  if (next === undefined || next === state.data) return;
  queryClient.setQueryData<T>(queryKey, next, { updatedAt: state.dataUpdatedAt });
  if (state.fetchStatus === 'fetching') refetchAfterCurrentFetch(queryClient, queryKey);
  else if (state.isInvalidated) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
