import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Endpoint } from '@reef/contract';
import { call } from '../api';

/**
 * A paged admin list (`{list, page, limit, total}`) with its filters; a filter change goes back to page 1. `params`
 * fills the path (`/api/admin/users/:id/journal`).
 */
export function usePaged<E extends Endpoint>(endpoint: E, filters: Record<string, string | number | undefined>, limit = 20, params?: Record<string, number>) {
  const [page, setPage] = useState(1);
  const [key, setKey] = useState(JSON.stringify(filters));
  const current = JSON.stringify(filters);
  if (current !== key) {
    setKey(current);
    setPage(1);
  }
  const query = useQuery({
    queryKey: [endpoint.path, params, filters, page, limit],
    queryFn: () => call(endpoint, { params: params as never, query: { ...filters, page, limit } as never }),
    placeholderData: keepPreviousData,
  });
  const data = query.data as { list: unknown[]; total: number } | undefined;
  return { query, data, page, limit, setPage };
}
