import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { chargeApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session';

export type BnbChargeQuote = z.infer<typeof chargeApi.chargeBnbCalculator.response>;

/** POST /api/user/chargeBNBCalculator — what `amount_bnb` BNB buys in RUSD at the configured price. */
export const bnbChargeQuotesRootKey = ['user', 'charge-bnb-quote'] as const;

/** Quiet: it follows the typing, so a refusal shows beside the form rather than as a toast. */
export function calculateBnbCharge(amountBnb: string, signal?: AbortSignal) {
  return callApi(chargeApi.chargeBnbCalculator, { body: { amount_bnb: amountBnb }, signal, quiet: true });
}

export function bnbChargeQuoteQueryOptions(amountBnb: string) {
  return queryOptions({
    queryKey: [...bnbChargeQuotesRootKey, amountBnb] as const,
    queryFn: ({ signal }) => calculateBnbCharge(amountBnb, signal),
    staleTime: 30_000,
  });
}

/** The quote for a valid amount; idle (no call) for `amountBnb` null or a visitor. */
export function useBnbChargeQuote(amountBnb: string | null) {
  const { token } = useSession();
  return useQuery({
    ...bnbChargeQuoteQueryOptions(amountBnb ?? ''),
    enabled: token !== null && amountBnb !== null,
    placeholderData: (previous) => previous,
  });
}
