import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { transferApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';
import { billsRootKey } from '../../bills/api/get-bills';
import { recentRecipientsQueryKey } from './get-recent-recipients';

export type TransferBody = z.input<typeof transferApi.transfer.body>;

/** POST /api/finance/other/trade — a money call, so it always carries an Idempotency-Key; `password` is the transaction password. */
export function transfer(body: TransferBody, idempotencyKey: string) {
  return callApi(transferApi.transfer, { body, idempotencyKey });
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransferBody; idempotencyKey: string }) => transfer(body, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billsRootKey });
      void queryClient.invalidateQueries({ queryKey: recentRecipientsQueryKey });
    },
  });
}
