import { useMemo } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { PagedList } from '../../../components/ui/paged-list';
import { CardsEmpty } from './cards-empty';
import { uniqueRows } from '../../../lib/paged-list';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useMyOrders } from '../api/orders';
import { cardsPaths } from '../model/paths';
import { Money } from '../../../components/ui/money';
import { CardSection } from '../../../components/ui/card-section';
import './cards.css';

const TONE: Record<cardsApi.CardOrder['state'], string> = {
  waiting: 'card-state--warn',
  completed: 'card-state--good',
  released: '',
  cancelled: '',
};

function OrderRow({ order }: { order: cardsApi.CardOrder }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const content = (
    <>
      <span className="card-row__main">
        <span className="bill__kind">{order.name}</span>
        <span className={`card-state ${TONE[order.state]}`} data-testid="my-order-state">
          {t(`cards.orderState.${order.state}`)}
        </span>
        <span className="bill__memo">
          {t('cards.order.band')} <Money value={order.min_price} /> – <Money value={order.max_price} symbol={symbols.rusd} />
        </span>
        <span className="bill__time">{dateFormat.format(new Date(order.created_at))}</span>
      </span>
      <span className="card-row__side">
        {order.price !== null ? (
          <span className="bill__amount">
            <Money value={order.price} symbol={symbols.rusd} testId="my-order-price" />
          </span>
        ) : (
          <>
            <span className="bill__balance">{t('cards.order.reserved')}</span>
            <span className="bill__amount">
              <Money value={order.reserved_rusd} symbol={symbols.rusd} />
            </span>
            <span className="bill__balance">
              <Money value={order.reserved_fuel} symbol={symbols.fuel} />
            </span>
          </>
        )}
      </span>
    </>
  );
  return (
    <li className="card-list__item" data-testid="my-order" data-state={order.state}>
      {order.card_id !== null ? (
        <Link className="card-row card-row--plain" to={cardsPaths.card(order.card_id)}>
          {content}
          <span className="card-row__chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      ) : (
        <div className="card-row card-row--plain">{content}</div>
      )}
    </li>
  );
}

/** The caller's buy orders: to be matched, completed (with the card), released or cancelled (refunded). */
export function MyOrders() {
  const { t } = useTranslation();
  const orders = useMyOrders();
  const data = orders.data;
  const list = useMemo(() => (data === undefined ? undefined : uniqueRows(data.pages)), [data]);
  return (
    <CardSection title={t('cards.order.mine')}>
      <PagedList query={orders} list={list} renderRow={(order) => <OrderRow order={order} />} empty={<CardsEmpty list="orders" />} testId="my-orders-more" />
    </CardSection>
  );
}
