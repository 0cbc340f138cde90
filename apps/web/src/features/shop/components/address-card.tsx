import type { ShopAddress } from '@reef/contract';
import { useTranslation } from '../../../i18n';

/** An address as text: name and phone, then region and detail. What people typed stays text, never markup. */
export function AddressText({ address, testId }: { address: Pick<ShopAddress, 'name' | 'phone' | 'region' | 'detail'>; testId?: string }) {
  return (
    <span className="shop-address" data-testid={testId}>
      <span className="shop-address__who">
        {address.name} · {address.phone}
      </span>
      <span className="muted">
        {address.region} {address.detail}
      </span>
    </span>
  );
}

export function DefaultTag() {
  const { t } = useTranslation();
  return <span className="shop-tag">{t('shop.address.default')}</span>;
}
