import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useGoods } from '../api/goods';
import { shopPaths } from '../model/paths';
import { GoodsPicture } from './goods-picture';
import { FeeBox } from '../../../components/ui/fee-box';
import './shop.css';
import { QuantityField } from '../../../components/ui/quantity-field';

/** The most units one order may hold (the contract's bound). */
const MAX_QUANTITY = 100;

/** One item: pictures, description (plain text, never markup), price, stock, limit, and the quantity to order. */
export function GoodsDetail({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const query = useGoods(goodsId);
  const [typed, setTyped] = useState('1');
  if (goodsId === 0 || query.isError) {
    return (
      <EmptyState text={t('shop.goods.notFound')} testId="shop-goods-not-found">
        <Link to={shopPaths.index()}>{t('shop.title')}</Link>
      </EmptyState>
    );
  }
  const goods = query.data;
  const left = goods ? Math.min(goods.stock, MAX_QUANTITY, goods.per_user_limit === null ? MAX_QUANTITY : goods.per_user_limit - goods.ordered) : 0;
  const quantity = /^\d{1,3}$/.test(typed) && Number(typed) >= 1 && Number(typed) <= left ? Number(typed) : null;
  return (
    <QueryState query={query}>
      {goods && (
        <article className="card shop-detail" data-testid="shop-goods-detail">
          <div className="shop-detail__pictures">
            {goods.images.length === 0 ? <GoodsPicture src={undefined} large /> : goods.images.map((src) => <GoodsPicture key={src} src={src} large />)}
          </div>
          <h2 className="shop-detail__title" data-testid="shop-goods-title">
            {goods.title}
          </h2>
          <p>
            <Money value={goods.price} symbol={symbols[goods.asset]} testId="shop-goods-price" />
          </p>
          <FeeBox
            rows={[
              { label: t('shop.goods.kind'), value: t(`shop.kind.${goods.kind}`) },
              { label: t('shop.goods.left'), value: goods.stock, testId: 'shop-goods-stock' },
              goods.per_user_limit !== null && {
                label: t('shop.goods.limit'),
                value: t('shop.goods.limitValue', { limit: goods.per_user_limit, ordered: goods.ordered }),
              },
            ]}
          />
          {goods.description !== '' && <p className="shop-detail__description">{goods.description}</p>}
          <QuantityField label={t('shop.goods.quantity')} value={typed} onChange={setTyped} invalid={quantity === null} testId="shop-quantity" />
          {left <= 0 && <p className="form-warning">{goods.stock === 0 ? t('shop.goods.soldOut') : t('shop.goods.limitReached')}</p>}
          <Button
            block
            disabled={quantity === null || goods.status !== 'on_sale'}
            onClick={() => quantity !== null && void navigate(shopPaths.confirm(goods.id, quantity))}
            data-testid="shop-buy"
          >
            {goods.status === 'on_sale' ? t('shop.goods.buy') : t('shop.goods.offSale')}
          </Button>
        </article>
      )}
    </QueryState>
  );
}
