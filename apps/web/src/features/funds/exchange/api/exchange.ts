import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { marketApi, type AssetKey } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { billsRootKey } from '../../bills/api/get-bills';
import { exchangeQuotesRootKey } from './quote-exchange';

export type ExchangeBody = z.input<typeof marketApi.exchange.body>;

export interface ExchangeVariables {
  from: AssetKey;
  to: AssetKey;
  body: ExchangeBody;
  idempotencyKey: string;
}

/** POST /api/finance/exchange/:from/:to — a money call, so it always carries an Idempotency-Key. */
export function exchange({ from, to, body, idempotencyKey }: ExchangeVariables) {
  return callApi(marketApi.exchange, { params: { from, to }, body, idempotencyKey });
}

export function useExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchange,
    // Not awaited: the success toast need not wait for the refetches.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billsRootKey });
      void queryClient.invalidateQueries({ queryKey: exchangeQuotesRootKey });
    },
  });
}
