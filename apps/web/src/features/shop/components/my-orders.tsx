import { Link, useNavigate } from 'react-router-dom';
import { shopApi, type ShopOrder } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tabs } from '../../../components/ui/tabs';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useMyOrders, type OrderFilter } from '../api/orders';
import { shopPaths } from '../model/paths';
import { GoodsPicture } from './goods-picture';
import { OrderStatusTag } from './order-status';
import './shop.css';

/** My orders, by state (the tab is in the URL, so Mine's counters link straight to one). */
export function MyOrders({ status }: { status: OrderFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const query = useMyOrders(status);
  return (
    <section className="card">
      <Tabs
        label={t('shop.orders.title')}
        className="shop-tabs"
        tabs={shopApi.ORDER_FILTERS.map((id) => ({ id, label: id === 'all' ? t('shop.orders.all') : t(`shop.status.${id}`), testId: `shop-tab-${id}` }))}
        selected={status}
        onSelect={(id) => void navigate(shopPaths.orders(id), { replace: true })}
      />
      <PagedList
        query={query}
        testId="shop-orders-more"
        empty={
          <EmptyState
            title={t('shop.emptyState.orders.title')}
            text={t('shop.emptyState.orders.text')}
            action={{ label: t('shop.emptyState.orders.action'), to: shopPaths.index() }}
            testId="shop-orders-empty"
          />
        }
        renderRow={(order: ShopOrder) => (
          <li>
            <Link className="shop-goods-row" to={shopPaths.order(order.id)} data-testid={`shop-order-${order.id}`}>
              <GoodsPicture src={order.image || undefined} />
              <span className="shop-goods-row__text">
                <span className="shop-goods-row__title">{order.title}</span>
                <span className="muted">
                  <Money value={order.amount} symbol={symbols[order.asset]} /> · ×{order.quantity}
                </span>
              </span>
              <OrderStatusTag status={order.status} />
            </Link>
          </li>
        )}
      />
    </section>
  );
}
