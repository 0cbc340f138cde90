import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ledgerApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { billsRootKey } from './get-bills';

export type TransferBody = z.input<typeof ledgerApi.transfer.body>;

/** POST /api/finance/other/trade — a money call, so it always carries an Idempotency-Key. */
export function transfer(body: TransferBody, idempotencyKey: string) {
  return callApi(ledgerApi.transfer, { body, idempotencyKey });
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransferBody; idempotencyKey: string }) => transfer(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billsRootKey }),
  });
}
