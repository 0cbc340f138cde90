import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { marketApi, type AssetKey } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';

export type ExchangeQuote = z.infer<typeof marketApi.quoteExchange.response>;

/** GET /api/finance/exchange/:from/:to?amount= */
export const exchangeQuotesRootKey = ['finance', 'exchange-quote'] as const;

export function exchangeQuoteQueryKey(from: AssetKey, to: AssetKey, amount: string) {
  return [...exchangeQuotesRootKey, from, to, amount] as const;
}

/**
 * Quiet: the quote follows the typing, so a refusal (exchange closed, amount too small) or a lost
 * connection shows beside the form instead of as a toast on every keystroke.
 */
export function quoteExchange(from: AssetKey, to: AssetKey, amount: string, signal?: AbortSignal) {
  return callApi(marketApi.quoteExchange, { params: { from, to }, query: { amount }, signal, quiet: true });
}

export function exchangeQuoteQueryOptions(from: AssetKey, to: AssetKey, amount: string) {
  return queryOptions({
    queryKey: exchangeQuoteQueryKey(from, to, amount),
    queryFn: ({ signal }) => quoteExchange(from, to, amount, signal),
    // The lake moves with every trade: a quote is fresh for a few seconds, and refreshed while shown.
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

/** The quote for a valid amount; idle (no call) for `amount` null or a visitor. */
export function useExchangeQuote(from: AssetKey, to: AssetKey, amount: string | null) {
  const { token } = useSession();
  return useQuery({
    ...exchangeQuoteQueryOptions(from, to, amount ?? ''),
    enabled: token !== null && amount !== null,
    // While a new amount is quoted the last quote stays (dimmed), but never one for the other direction.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === from && previousQuery.queryKey[3] === to ? previous : undefined),
  });
}
