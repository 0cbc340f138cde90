import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { marketApi } from '@reef/contract';
import { ApiError, callApi } from '../../../lib/api-client';
import { marketRootKey } from './keys';

export type PriceRange = (typeof marketApi.PRICE_RANGES)[number];
export type Candle = z.infer<typeof marketApi.candle>;
export const PRICE_RANGES = marketApi.PRICE_RANGES;

/** GET /api/prices?range= — candles of the main lake. */
export function pricesQueryKey(range: PriceRange) {
  return [...marketRootKey, 'prices', range] as const;
}

/** The series, or null while no main lake exists (the server refuses with NOT_FOUND): an empty chart, not an error. */
export async function listPrices(range: PriceRange, signal?: AbortSignal) {
  try {
    return await callApi(marketApi.listPrices, { query: { range }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export function pricesQueryOptions(range: PriceRange) {
  return queryOptions({ queryKey: pricesQueryKey(range), queryFn: ({ signal }) => listPrices(range, signal), refetchInterval: 60_000 });
}

/** Keeps the previous range on screen while the next one loads. */
export function usePrices(range: PriceRange) {
  return useQuery({ ...pricesQueryOptions(range), placeholderData: keepPreviousData });
}

export function isPriceRange(value: string | null): value is PriceRange {
  return value !== null && (PRICE_RANGES as readonly string[]).includes(value);
}
