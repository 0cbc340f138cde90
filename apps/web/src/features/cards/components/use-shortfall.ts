import { useCallback, useState } from 'react';
import { ApiError, toastError } from '../../../lib/api-client';
import { shortfallOf, type Shortfall } from '../model/shortfall';

/**
 * A money form's refusal handling: a shortfall opens the sheet (RUSD → the charge page), anything else is the
 * server's localized message in a toast.
 */
export function useShortfall() {
  const [short, setShort] = useState<{ shortfall: Shortfall; message: string } | null>(null);
  const close = useCallback(() => setShort(null), []);
  const handle = useCallback((error: unknown) => {
    const shortfall = error instanceof ApiError ? shortfallOf(error.code) : null;
    if (shortfall !== null && error instanceof ApiError) setShort({ shortfall, message: error.message });
    else toastError(error);
  }, []);
  return { short, close, handle };
}
