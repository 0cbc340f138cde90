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
export function uniqueRows<T extends { id: number }>(pages: readonly Page<T>[] | undefined): T[] {
  const byId = new Map<number, T>();
  for (const page of pages ?? []) for (const row of page.list) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}
