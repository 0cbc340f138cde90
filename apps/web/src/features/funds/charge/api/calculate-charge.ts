import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { chargeApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';

export type ChargeQuote = z.infer<typeof chargeApi.chargeCalculator.response>;

/** POST /api/user/chargeCalculator — what `amount` USDT buys in RUSD. */
export const chargeQuotesRootKey = ['user', 'charge-quote'] as const;

export function chargeQuoteQueryKey(amount: string) {
  return [...chargeQuotesRootKey, amount] as const;
}

/** Quiet: it follows the typing, so a refusal shows beside the form rather than as a toast. */
export function calculateCharge(amount: string, signal?: AbortSignal) {
  return callApi(chargeApi.chargeCalculator, { body: { amount }, signal, quiet: true });
}

export function chargeQuoteQueryOptions(amount: string) {
  return queryOptions({
    queryKey: chargeQuoteQueryKey(amount),
    queryFn: ({ signal }) => calculateCharge(amount, signal),
    staleTime: 30_000,
  });
}

/** The quote for a valid amount; idle (no call) for `amount` null or a visitor. */
export function useChargeQuote(amount: string | null) {
  const { token } = useSession();
  return useQuery({
    ...chargeQuoteQueryOptions(amount ?? ''),
    enabled: token !== null && amount !== null,
    placeholderData: (previous) => previous,
  });
}
