import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchOwnUpload } from '../../../../lib/api-client';

/**
 * GET /uploads/:name for the user's own voucher image. The server serves vouchers to their owner and
 * operators only and an <img>/<a> cannot send the token, so the bytes are fetched with it (decision 037).
 */
export function voucherImageQueryOptions(address: string) {
  return {
    queryKey: ['uploads', 'voucher', address] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchOwnUpload(address, signal),
    // The address is the content's hash: the bytes never change.
    staleTime: Infinity,
    retry: 1,
  };
}

/** A blob URL of the voucher image, revoked when the component that shows it goes away; null while loading. */
export function useVoucherImageUrl(address: string): string | null {
  const image = useQuery(voucherImageQueryOptions(address));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return undefined;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [image.data]);
  return url;
}
