import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { consoleToken } from '../session';

/** A recharge voucher is served to its owner and operators only: fetched with the token, shown from a blob URL. */
export function VoucherImage({ address }: { address: string }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = consoleToken();
    fetch(address, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [address]);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="voucher" src={url} alt={t('reviews.voucher')} />
    </a>
  ) : (
    <span>…</span>
  );
}
