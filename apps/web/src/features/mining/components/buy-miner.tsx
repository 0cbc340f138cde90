import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { miningApi, UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { useReferrerPrompt } from '../../../components/ui/referrer-prompt';
import { ApiError, toastError } from '../../../lib/api-client';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useBuyMiner } from '../api/buy-miner';
import { useMiningProducts } from '../api/list-products';
import { maxQuantity, orderFigures, parseQuantity } from '../model/order-cost';
import { miningPaths } from '../model/paths';
import { MinerArt } from './miner-art';
import { FeeBox } from '../../../components/ui/fee-box';
import { ReviewSheet } from '../../../components/ui/review-sheet';
import './mining.css';
import { QuantityField } from '../../../components/ui/quantity-field';
import { RechargeNotice, useRechargePrompt } from '../../../components/ui/recharge-prompt';
import { balanceOf } from '../../../lib/balance-after';
import { amountShort } from '../../../lib/recharge-shortfall';

interface BuyMinerProps {
  /** 0 when the page's query named no valid product. */
  productId: number;
  balances: UserInfo['balances'] | undefined;
  onBalancesChanged: () => void;
}

/**
 * mining/order?product=: the order form — quantity, the asset paid with, what it costs and yields — then the review
 * every spend shows (issue 25 §7) and Confirm there.
 */
export function BuyMiner({ productId, balances, onBalancesChanged }: BuyMinerProps) {
  const { t } = useTranslation();
  const products = useMiningProducts();
  const product = products.data?.list.find((item) => item.id === productId);
  const missing = productId === 0 || (products.data !== undefined && product === undefined);
  if (missing) {
    return (
      <EmptyState className="card empty-state" text={t('mining.order.notFound')} testId="buy-not-found">
        <Link to={miningPaths.exchange()}>{t('titles.mining/index')}</Link>
      </EmptyState>
    );
  }
  return (
    <QueryState query={products}>
      {product !== undefined && <BuyMinerForm product={product} balances={balances} onBalancesChanged={onBalancesChanged} />}
    </QueryState>
  );
}

function BuyMinerForm({ product, balances, onBalancesChanged }: { product: miningApi.MiningProduct } & Omit<BuyMinerProps, 'productId'>) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const buy = useBuyMiner();
  const [typed, setTyped] = useState('1');
  const [refusal, setRefusal] = useState<string | null>(null);
  const referrer = useReferrerPrompt('buy-referrer');
  const recharge = useRechargePrompt('buy');
  const [reviewing, setReviewing] = useState(false);
  const max = maxQuantity(product);
  const quantity = parseQuantity(typed, max);
  const asset = product.price_asset;
  const balance = balanceOf(balances, asset);
  const figures = quantity === null || balance === undefined ? null : orderFigures(product, quantity, balance);
  const onSale = product.status === 'on_sale';
  const shortBy = figures === null ? null : amountShort(balance, figures.cost);
  const short = shortBy !== null;

  const submit = useIdempotentMutation({
    intent: () => (onSale && quantity !== null && !short ? { productId: product.id, quantity, asset } : null),
    send: (intent, idempotencyKey) => buy.mutateAsync({ intent, idempotencyKey }),
    onSuccess: (result) => {
      onBalancesChanged();
      void navigate(miningPaths.bought(result.miner.id));
    },
    onError: (error) => {
      setReviewing(false);
      if (referrer.offer(error)) return;
      // The balance moved since the page read it: the prompt, and fresh balances so the form shows the shortfall.
      if (recharge.offer(error, { asset, symbol: symbols[asset] })) {
        onBalancesChanged();
        return;
      }
      // Any other refusal (still in use, limit) is the server's message in the page's language.
      if (error instanceof ApiError) setRefusal(error.message);
      else toastError(error);
    },
  });

  return (
    <>
      <form
        className="card mining-order"
        onSubmit={(event) => {
          event.preventDefault();
          if (onSale && quantity !== null && !short) setReviewing(true);
        }}
        noValidate
        data-testid="buy-miner"
      >
        <div className="mining-product__head">
          <MinerArt image={product.image} />
          <div className="mining-product__title">
            <h2 className="mining-product__name">{product.name}</h2>
            <span>
              {t('mining.order.unitPrice')} <Money value={product.price} symbol={symbols[asset]} testId="buy-price" />
            </span>
          </div>
        </div>
        <QuantityField
          label={t('mining.order.quantity')}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setRefusal(null);
          }}
          invalid={quantity === null}
          describedBy={`${id}-quantity-hint`}
          testId="buy-quantity"
        />
        <p id={`${id}-quantity-hint`} className={quantity === null ? 'form-warning' : 'muted mining-note'} data-testid="buy-quantity-hint">
          {max === 0 ? t('mining.products.limitReached') : t('mining.order.quantityRange', { max })}
        </p>
        <FeeBox
          testId="buy-figures"
          rows={[
            { label: t('mining.order.payWith'), value: symbols[asset], testId: 'buy-asset' },
            { label: t('mining.order.balance'), value: balance === undefined ? '—' : <Money value={balance} symbol={symbols[asset]} testId="buy-balance" /> },
            { label: t('mining.order.cost'), value: figures === null ? '—' : <Money value={figures.cost} symbol={symbols[asset]} testId="buy-cost" /> },
            { label: t('mining.fields.period'), value: t('mining.daysValue', { days: product.period_days }), className: 'figure' },
            {
              label: t('mining.fields.dailyOutput'),
              value: figures === null ? '—' : <Money value={figures.daily} symbol={symbols[product.output_asset]} testId="buy-daily" />,
            },
            {
              label: t('mining.fields.totalOutput'),
              value: figures === null ? '—' : <Money value={figures.total} symbol={symbols[product.output_asset]} testId="buy-total" />,
            },
          ]}
        />
        {product.one_at_a_time && <p className="muted mining-note">{t('mining.products.oneAtATime')}</p>}
        {short && (
          <p className="form-warning" role="alert" data-testid="buy-short">
            {t('mining.order.insufficient', { asset: symbols[asset] })}
          </p>
        )}
        {shortBy !== null && <RechargeNotice asset={asset} symbol={symbols[asset]} short={shortBy} testPrefix="buy" />}
        {refusal !== null && (
          <p className="form-warning" role="alert" data-testid="buy-refusal">
            {refusal}
          </p>
        )}
        <Button type="submit" block disabled={!onSale || quantity === null || short} data-testid="buy-confirm">
          {onSale ? t('mining.order.confirm') : t('mining.products.paused')}
        </Button>
      </form>
      {reviewing && quantity !== null && figures !== null && (
        <ReviewSheet
          title={t('mining.review.title', { name: product.name })}
          testId="buy-review"
          rows={[
            { label: t('funds.review.what'), value: t('mining.review.whatValue', { name: product.name, quantity }), testId: 'buy-review-what' },
            { label: t('mining.order.unitPrice'), value: <Money value={product.price} symbol={symbols[asset]} /> },
            { label: t('funds.review.fee'), value: t('funds.review.noFee'), testId: 'buy-review-fee' },
            { label: t('mining.order.cost'), value: <Money value={figures.cost} symbol={symbols[asset]} testId="buy-review-cost" /> },
            {
              label: t('funds.review.gets'),
              value: t('mining.review.getsValue', {
                total: `${formatGroupedAmount(figures.total)} ${symbols[product.output_asset]}`,
                days: product.period_days,
              }),
              testId: 'buy-review-gets',
            },
          ]}
          spends={[{ symbol: symbols[asset], amount: figures.cost, balance }]}
          confirmLabel={t('mining.order.confirm')}
          confirmTestId="buy-review-confirm"
          busy={buy.isPending}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        />
      )}
      {referrer.sheet}
      {recharge.sheet}
    </>
  );
}
