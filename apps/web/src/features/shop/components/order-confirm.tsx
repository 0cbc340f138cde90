import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fromUnits, toUnits } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError, toastError } from '../../../lib/api-client';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useAddresses } from '../api/addresses';
import { useGoods } from '../api/goods';
import { usePlaceOrder } from '../api/orders';
import { shopPaths } from '../model/paths';
import { AddressText } from './address-card';
import { GoodsPicture } from './goods-picture';
import { FeeBox } from '../../../components/ui/fee-box';
import './shop.css';

interface OrderConfirmProps {
  goodsId: number;
  quantity: number;
  /** The address chosen on /choose-location; 0 for the book's default. */
  addressId: number;
}

/**
 * "To be confirmed" (spec §4): the item, quantity and total, and for physical goods the delivery address (the
 * book's default until another is chosen). Confirming places the order; it is then paid on the order's page.
 */
export function OrderConfirm({ goodsId, quantity, addressId }: OrderConfirmProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const symbols = useAssetSymbols();
  const goods = useGoods(goodsId);
  const addresses = useAddresses();
  const place = usePlaceOrder();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (goodsId === 0 || quantity === 0 || goods.isError) {
    return (
      <EmptyState text={t('shop.goods.notFound')} testId="shop-confirm-not-found">
        <Link to={shopPaths.index()}>{t('shop.title')}</Link>
      </EmptyState>
    );
  }
  const book = addresses.data?.list ?? [];
  const address = addressId > 0 ? book.find((a) => a.id === addressId) : (book.find((a) => a.is_default) ?? book[0]);
  const physical = goods.data?.kind === 'physical';
  const here = `${location.pathname}${location.search}`;

  const confirm = () => {
    if (!goods.data || place.isPending) return;
    setRefusal(null);
    place.mutate(
      { goods_id: goods.data.id, quantity, ...(physical && address ? { address_id: address.id } : {}) },
      {
        onSuccess: (order) => void navigate(shopPaths.order(order.id), { replace: true }),
        onError: (error) => (error instanceof ApiError ? setRefusal(error.message) : toastError(error)),
      },
    );
  };

  return (
    <QueryState query={goods}>
      {goods.data && (
        <div className="card shop-confirm" data-testid="shop-confirm">
          <div className="shop-goods-row">
            <GoodsPicture src={goods.data.images[0]} />
            <span className="shop-goods-row__text">
              <span className="shop-goods-row__title">{goods.data.title}</span>
              <span className="muted">
                <Money value={goods.data.price} symbol={symbols[goods.data.asset]} /> × {quantity}
              </span>
            </span>
          </div>
          {physical && (
            <Link className="row-link" to={shopPaths.chooseLocation(here)} data-testid="shop-choose-address">
              {address ? <AddressText address={address} testId="shop-confirm-address" /> : <span>{t('shop.address.choose')}</span>}
              <span aria-hidden="true">›</span>
            </Link>
          )}
          <FeeBox
            rows={[
              {
                label: t('shop.order.total'),
                value: <Money value={fromUnits(toUnits(goods.data.price) * BigInt(quantity))} symbol={symbols[goods.data.asset]} testId="shop-confirm-total" />,
              },
            ]}
          />
          {refusal !== null && (
            <p className="form-warning" role="alert" data-testid="shop-confirm-refusal">
              {refusal}
            </p>
          )}
          <Button block disabled={physical && !address} busy={place.isPending} onClick={confirm} data-testid="shop-place-order">
            {t('shop.order.submit')}
          </Button>
        </div>
      )}
    </QueryState>
  );
}
