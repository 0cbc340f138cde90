import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { ledgerApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';
import { nextPageParam } from '../../../../lib/paged-list';

export type BillType = z.infer<typeof ledgerApi.billType>;

export const BILL_PAGE_LIMIT = 20;

/** GET /api/finance/bill/:type */
export const billsRootKey = ['finance', 'bills'] as const;

export function billsQueryKey(type: BillType) {
  return [...billsRootKey, type] as const;
}

export function getBills(type: BillType, page: number, signal?: AbortSignal) {
  return callApi(ledgerApi.listBills, { params: { type }, query: { page, limit: BILL_PAGE_LIMIT }, signal });
}

export function billsQueryOptions(type: BillType) {
  return infiniteQueryOptions({
    queryKey: billsQueryKey(type),
    queryFn: ({ pageParam, signal }) => getBills(type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useBills(type: BillType) {
  const { token } = useSession();
  return useInfiniteQuery({ ...billsQueryOptions(type), enabled: token !== null });
}
