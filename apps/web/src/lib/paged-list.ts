import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** One answer of a paged list endpoint (`page`, `limit`, `total`, newest first). */
export interface Page<T> {
  list: readonly T[];
  page: number;
  limit: number;
  total: number;
}

/** The next page to ask for, or undefined when the last answer reached the total. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  return last.page * last.limit < last.total ? last.page + 1 : undefined;
}

/**
 * The rows of every loaded page, each once. Offset pages overlap when new rows arrive between two
 * loads (a newer row pushes an older one onto the next page), so a row already shown is skipped.
 */
export function uniqueRows<T extends { id: number | string }>(pages: readonly Page<T>[] | undefined): T[] {
  const byId = new Map<T['id'], T>();
  for (const page of pages ?? []) for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}

interface PagedQuery<TPage extends Page<unknown>, TKey extends QueryKey> {
  queryKey: TKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>;
  /** How often to ask the loaded pages again, given them; false stops polling. Without it the list never polls. */
  pollInterval?: (pages: readonly TPage[]) => number | false;
}

/** Query options for a paged list endpoint: pages from 1 until the total is reached, every list the same way. */
export function pagedQueryOptions<TPage extends Page<unknown>, TKey extends QueryKey>({ queryKey, fetchPage, pollInterval }: PagedQuery<TPage, TKey>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    ...(pollInterval && { refetchInterval: (query: { state: { data?: { pages: TPage[] } } }) => pollInterval(query.state.data?.pages ?? []) }),
  });
}
