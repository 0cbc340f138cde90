import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { MyOrders, statusParam } from '../../features/shop';
import { SubPage } from '../layouts/sub-page';

/** pages/shop/orders[?status=] — my orders by state. */
export default function ShopOrdersRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <SubPage page="user/user" title={t('shop.orders.title')}>
      <MyOrders status={statusParam(search.get('status'))} />
    </SubPage>
  );
}
