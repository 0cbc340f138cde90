import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Endpoint, SortOrder } from '@reef/contract';
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

/**
 * A paged admin list (`{list, page, limit, total}`) with its filters; a filter change goes back to page 1. Sorting
 * is the server's: a new sort also goes back to page 1 (`sorting` is for DataTable's `sorting` prop). `params` fills
 * the path (`/api/admin/users/:id/journal`).
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
  const data = query.data as { list: unknown[]; total: number } | undefined;
  return { query, data, page, limit, setPage, sorting };
}
