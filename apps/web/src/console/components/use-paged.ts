import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Endpoint, SortOrder } from '@reef/contract';
import type * as z from 'zod/mini';
import { call } from '../api';

/** A list's server-side sort (decision 090): a column the endpoint allows and a direction; none: the list's own order. */
export interface ListSort<S extends string = string> {
  sort?: S;
  order?: SortOrder;
}

/** What DataTable needs to sort on the server: the current sort and what a header click calls. */
export interface ServerSorting extends ListSort {
  onSort: (next: ListSort) => void;
}

/** The sort of a list as the query's `sort`/`order` (nothing when unsorted), and its setter. */
export function useListSort<S extends string = string>(onChange?: () => void) {
  const [sort, setSort] = useState<ListSort>({});
  // The table offers only the columns the endpoint allows, so the column is one of S.
  const query: ListSort<S> = sort.sort ? { sort: sort.sort as S, order: sort.order ?? 'desc' } : {};
  const sorting: ServerSorting = {
    ...sort,
    onSort: (next) => {
      setSort(next);
      onChange?.();
    },
  };
  return { query, sorting };
}

/** A paged endpoint's row, as its contract answers it. */
export type ListRow<E extends Endpoint> = z.output<E['response']> extends { list: readonly (infer R)[] } ? R : never;

/**
 * A paged admin list (`{list, page, limit, total}`) with its filters; a filter change goes back to page 1. Sorting
 * is the server's: a new sort also goes back to page 1 (`sorting` is for DataTable's `sorting` prop). `params` fills
 * the path (`/api/admin/users/:id/journal`). `table` is what DataTable takes of it: `<DataTable {...table} />`.
 */
export function usePaged<E extends Endpoint>(endpoint: E, filters: Record<string, string | number | undefined>, limit = 20, params?: Record<string, number>) {
  const [page, setPage] = useState(1);
  const [key, setKey] = useState(JSON.stringify(filters));
  const { query: sortQuery, sorting } = useListSort(() => setPage(1));
  const current = JSON.stringify(filters);
  if (current !== key) {
    setKey(current);
    setPage(1);
  }
  const query = useQuery({
    queryKey: [endpoint.path, params, filters, sortQuery, page, limit],
    queryFn: () => call(endpoint, { params: params as never, query: { ...filters, ...sortQuery, page, limit } as never }),
    placeholderData: keepPreviousData,
  });
  const data = query.data as { list: ListRow<E>[]; total: number } | undefined;
  const table = { rows: data?.list, error: query.error, paging: data && { page, limit, total: data.total, onPage: setPage } };
  return { query, data, page, limit, setPage, sorting, table };
}
