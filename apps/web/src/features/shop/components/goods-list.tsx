import { Link } from 'react-router-dom';
import type { Goods } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useGoodsList } from '../api/goods';
import { shopPaths } from '../model/paths';
import { GoodsPicture } from './goods-picture';
import './shop.css';

/** The shop's list: every item on sale with its picture, price and what is left; a tap opens its page. */
export function GoodsList() {
  const { t } = useTranslation();
  const query = useGoodsList();
  const symbols = useAssetSymbols();
  return (
    <section className="card" aria-label={t('shop.title')}>
      <Link className="row-link" to={shopPaths.orders()} data-testid="shop-my-orders">
        <span>{t('shop.orders.title')}</span>
        <span aria-hidden="true">›</span>
      </Link>
      <PagedList
        query={query}
        testId="shop-goods-more"
        empty={<EmptyState title={t('shop.emptyState.goods.title')} text={t('shop.emptyState.goods.text')} testId="shop-goods-empty" />}
        renderRow={(goods: Goods) => (
          <li>
            <Link className="shop-goods-row" to={shopPaths.goods(goods.id)} data-testid={`shop-goods-${goods.id}`}>
              <GoodsPicture src={goods.images[0]} />
              <span className="shop-goods-row__text">
                <span className="shop-goods-row__title">{goods.title}</span>
                <Money value={goods.price} symbol={symbols[goods.asset]} />
                <span className="muted">
                  {t(`shop.kind.${goods.kind}`)} · {goods.stock > 0 ? t('shop.goods.stock', { count: goods.stock }) : t('shop.goods.soldOut')}
                </span>
              </span>
            </Link>
          </li>
        )}
      />
    </section>
  );
}
