import { useCallback } from 'react';
import { ApiError, toastError } from '../../../lib/api-client';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useReferrerPrompt } from '../../../components/ui/referrer-prompt';
import { useRechargePrompt } from '../../../components/ui/recharge-prompt';
import { shortfallOf } from '../model/shortfall';

/**
 * A money form's refusal handling: a shortfall opens the recharge prompt every spend shares (`sheet`, decision 121:
 * RUSD → its charge, fuel and trading points say they cannot be bought), a missing referrer the binding's sheet
 * (`referrerSheet`, decision 119), anything else is the server's localized message in a toast.
 */
export function useShortfall(testId: string) {
  const { offer, sheet: referrerSheet } = useReferrerPrompt(`${testId}-referrer`);
  const symbols = useAssetSymbols();
  const { open, sheet } = useRechargePrompt(testId);
  const handle = useCallback(
    (error: unknown) => {
      if (offer(error)) return;
      const shortfall = error instanceof ApiError ? shortfallOf(error.code) : null;
      if (shortfall !== null && error instanceof ApiError) open({ asset: shortfall, symbol: symbols[shortfall], message: error.message });
      else toastError(error);
    },
    [offer, open, symbols],
  );
  return { handle, sheet, referrerSheet };
}
