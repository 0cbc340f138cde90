import { useTranslation } from '../../i18n';
import { GoodsList } from '../../features/shop';
import { SubPage } from '../layouts/sub-page';

/** pages/shop/index — the points shop (not a spec §2 page; Home and Mine link it). */
export default function ShopIndexRoute() {
  const { t } = useTranslation();
  return (
    <SubPage page="user/user" title={t('shop.title')}>
      <GoodsList />
    </SubPage>
  );
}
