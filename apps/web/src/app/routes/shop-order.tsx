import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { idParam, OrderDetail } from '../../features/shop';
import { AccountSubPage } from '../layouts/account-sub-page';

/** pages/shop/order?id= — one order: pay, delete, tracking, confirm receipt. */
export default function ShopOrderRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <AccountSubPage page="user/user" title={t('shop.order.title')}>
      {(user, onBalancesChanged) => <OrderDetail orderId={idParam(search.get('id'))} balances={user?.balances} onBalancesChanged={onBalancesChanged} />}
    </AccountSubPage>
  );
}
