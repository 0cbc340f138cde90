import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { useOrder } from '../api/orders';
import { mapsLink, shopPaths } from '../model/paths';
import { AddressText } from './address-card';
import './shop.css';

/** /open-location?order=: an order's delivery address, with a link that opens it in the phone's maps app. */
export function OpenLocation({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const order = useOrder(orderId);
  if (orderId === 0 || order.isError || (order.data && order.data.address === null)) {
    return (
      <EmptyState text={t('shop.order.notFound')} testId="shop-location-not-found">
        <Link to={shopPaths.orders()}>{t('shop.orders.title')}</Link>
      </EmptyState>
    );
  }
  const address = order.data?.address;
  return (
    <QueryState query={order}>
      {address && (
        <section className="card shop-location" data-testid="shop-location">
          <AddressText address={address} testId="shop-location-address" />
          <a className="btn btn--primary btn--block" href={mapsLink(address)} target="_blank" rel="noopener noreferrer" data-testid="shop-location-maps">
            <span className="btn__label">{t('shop.address.openMaps')}</span>
          </a>
        </section>
      )}
    </QueryState>
  );
}
