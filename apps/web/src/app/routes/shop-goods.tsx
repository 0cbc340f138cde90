import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { GoodsDetail, idParam } from '../../features/shop';
import { SubPage } from '../layouts/sub-page';

/** pages/shop/goods?id= — one item of the points shop. */
export default function ShopGoodsRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <SubPage page="user/user" title={t('shop.goods.title')}>
      <GoodsDetail goodsId={idParam(search.get('id'))} />
    </SubPage>
  );
}
