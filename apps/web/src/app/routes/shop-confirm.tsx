import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { idParam, OrderConfirm } from '../../features/shop';
import { SubPage } from '../layouts/sub-page';

/** pages/shop/confirm?goods=&quantity=[&address=] — the order to be confirmed. */
export default function ShopConfirmRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const quantity = idParam(search.get('quantity'));
  return (
    <SubPage page="user/user" title={t('shop.order.confirmTitle')}>
      <OrderConfirm goodsId={idParam(search.get('goods'))} quantity={quantity <= 100 ? quantity : 0} addressId={idParam(search.get('address'))} />
    </SubPage>
  );
}
