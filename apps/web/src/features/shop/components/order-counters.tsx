import { Link } from 'react-router-dom';
import type { OrderCounters as Counters } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { useUserIndex } from '../api/user-index';
import type { OrderFilter } from '../api/orders';
import { shopPaths } from '../model/paths';
import './shop.css';

const ENTRIES: readonly { key: keyof Counters; status: OrderFilter & ('unpaid' | 'unshipped' | 'shipped' | 'complete' | 'all') }[] = [
  { key: 'unpaid_count', status: 'unpaid' },
  { key: 'unshipped_count', status: 'unshipped' },
  { key: 'received_count', status: 'shipped' },
  { key: 'complete_count', status: 'complete' },
  { key: 'order_count', status: 'all' },
];

/** Mine's order row: the user store's counters (spec §3) as badges, each opening my orders in that state. */
export function OrderCounters() {
  const { t } = useTranslation();
  const index = useUserIndex();
  const counters = index.data?.order_info;
  return (
    <section className="card" aria-label={t('shop.orders.title')} data-testid="mine-orders">
      <Link className="row-link" to={shopPaths.index()} data-testid="mine-shop">
        <span>{t('shop.title')}</span>
        <span aria-hidden="true">›</span>
      </Link>
      <ul className="shop-counters">
        {ENTRIES.map(({ key, status }) => {
          const count = counters?.[key] ?? 0;
          return (
            <li key={key}>
              <Link to={shopPaths.orders(status)} className="shop-counter" data-testid={`mine-orders-${status}`}>
                <span className="shop-counter__label">{t(`shop.counters.${status}`)}</span>
                <span
                  className={count > 0 ? 'shop-badge' : 'shop-badge shop-badge--zero'}
                  data-testid={`mine-count-${key}`}
                  aria-label={t('shop.counters.count', { count })}
                >
                  {count > 99 ? '99+' : count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
