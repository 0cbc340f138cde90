import { useCallback, useState } from 'react';
import { ApiError, toastError } from '../../../lib/api-client';
import { useReferrerPrompt } from '../../../components/ui/referrer-prompt';
import { shortfallOf, type Shortfall } from '../model/shortfall';

/**
 * A money form's refusal handling: a shortfall opens the sheet (RUSD → the charge page), a missing referrer the
 * binding's sheet (`referrerSheet`, decision 119), anything else is the server's localized message in a toast.
 */
export function useShortfall(testId: string) {
  const { offer, sheet: referrerSheet } = useReferrerPrompt(`${testId}-referrer`);
  const [short, setShort] = useState<{ shortfall: Shortfall; message: string } | null>(null);
  const close = useCallback(() => setShort(null), []);
  const handle = useCallback(
    (error: unknown) => {
      if (offer(error)) return;
      const shortfall = error instanceof ApiError ? shortfallOf(error.code) : null;
      if (shortfall !== null && error instanceof ApiError) setShort({ shortfall, message: error.message });
      else toastError(error);
    },
    [offer],
  );
  return { short, close, handle, referrerSheet };
}
