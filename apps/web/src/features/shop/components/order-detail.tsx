import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ShopOrder, UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError, toastError } from '../../../lib/api-client';
import { payPasswordPath } from '../../../lib/pages';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useDeleteOrder, useOrder, usePayOrder, useReceiveOrder } from '../api/orders';
import { useUserIndex } from '../api/user-index';
import { shopPaths } from '../model/paths';
import { AddressText } from './address-card';
import { GoodsPicture } from './goods-picture';
import { OrderStatusTag } from './order-status';
import { FeeBox } from '../../../components/ui/fee-box';
import { ReviewSheet } from '../../../components/ui/review-sheet';
import { balanceOf } from '../../../lib/balance-after';
import { amountShort } from '../../../lib/recharge-shortfall';
import { INSUFFICIENT_BALANCE, RechargeNotice, useRechargePrompt } from '../../../components/ui/recharge-prompt';
import { CopyValue } from '../../../components/ui/copy-value';
import { useDateFormat } from '../../../lib/use-date-format';
import './shop.css';

/** One order: its state, item, amount, address, tracking, and what can be done next (pay, delete, confirm receipt). */
type Balances = UserInfo['balances'] | undefined;

export function OrderDetail({ orderId, balances, onBalancesChanged }: { orderId: number; balances: Balances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const query = useOrder(orderId);
  if (orderId === 0 || query.isError) {
    return (
      <EmptyState text={t('shop.order.notFound')} testId="shop-order-not-found">
        <Link to={shopPaths.orders()}>{t('shop.orders.title')}</Link>
      </EmptyState>
    );
  }
  return <QueryState query={query}>{query.data && <OrderCard order={query.data} balances={balances} onBalancesChanged={onBalancesChanged} />}</QueryState>;
}

function OrderCard({ order, balances, onBalancesChanged }: { order: ShopOrder; balances: Balances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  // The user's chosen language's format, not the browser's (issue 25 §14: always US before).
  const dateFormat = useDateFormat();
  const time = (iso: string | null) => (iso === null ? '—' : dateFormat.format(new Date(iso)));
  const payable = order.status === 'unpaid' || order.status === 'failed';
  return (
    <div className="shop-order" data-testid="shop-order-detail">
      <section className="card">
        <p>
          <OrderStatusTag status={order.status} testId="shop-order-status" />
        </p>
        {order.status === 'failed' && order.fail_reason !== null && (
          <p className="form-warning" data-testid="shop-order-fail-reason">
            {order.fail_reason === 'INSUFFICIENT_BALANCE' ? t('shop.order.failedBalance', { symbol: symbols[order.asset] }) : order.fail_reason}
          </p>
        )}
        <div className="shop-goods-row">
          <GoodsPicture src={order.image || undefined} />
          <span className="shop-goods-row__text">
            <span className="shop-goods-row__title">{order.title}</span>
            <span className="muted">
              <Money value={order.price} symbol={symbols[order.asset]} /> × {order.quantity}
            </span>
          </span>
        </div>
        <FeeBox
          rows={[
            { label: t('shop.order.total'), value: <Money value={order.amount} symbol={symbols[order.asset]} testId="shop-order-amount" /> },
            {
              label: t('shop.order.number'),
              value: <CopyValue value={order.order_no} what={t('shop.order.number')} testId="shop-order-no" />,
              className: 'shop-order-no',
            },
            { label: t('shop.order.createdAt'), value: time(order.created_at), testId: 'shop-order-created' },
            payable && { label: t('shop.order.payBefore'), value: time(order.expires_at) },
            order.paid_at !== null && { label: t('shop.order.paidAt'), value: time(order.paid_at) },
            order.carrier !== null && { label: t('shop.order.carrier'), value: order.carrier, testId: 'shop-order-carrier' },
            order.tracking_no !== null && { label: t('shop.order.tracking'), value: order.tracking_no, testId: 'shop-order-tracking', className: 'figure' },
            order.auto_receive_at !== null && { label: t('shop.order.autoReceive'), value: time(order.auto_receive_at) },
            order.received_at !== null && { label: t('shop.order.receivedAt'), value: time(order.received_at) },
          ]}
        />
        {order.address !== null && (
          <Link className="row-link" to={shopPaths.openLocation(order.id)} data-testid="shop-order-address">
            <AddressText address={order.address} />
            <span aria-hidden="true">›</span>
          </Link>
        )}
      </section>
      {payable && <PayOrder order={order} balances={balances} onBalancesChanged={onBalancesChanged} />}
      <OrderActions order={order} />
    </div>
  );
}

/**
 * Pay opens the review every spend shows (issue 25 §7): the item, price × quantity, the total and the balance after,
 * with the transaction password the server asks for (the field transfers and withdrawals use); one Idempotency-Key
 * per attempt. While the balance is below the total, the recharge prompt stands in the way of Pay (decision 121); a
 * payment the server still finds short comes back as a failed order, and opens the prompt's sheet.
 */
function PayOrder({ order, balances, onBalancesChanged }: { order: ShopOrder; balances: Balances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const index = useUserIndex();
  const pay = usePayOrder();
  const [reviewing, setReviewing] = useState(false);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const recharge = useRechargePrompt('shop-pay');
  const symbol = symbols[order.asset];
  const shortBy = amountShort(balanceOf(balances, order.asset), order.amount);
  const submit = useIdempotentMutation({
    intent: () => (/^\d{6}$/.test(password) ? { id: order.id, password } : null),
    fingerprint: (intent) => intent.id,
    send: (intent, idempotencyKey) => pay.mutateAsync({ ...intent, idempotencyKey }),
    onSuccess: ({ order: answered }) => {
      setPassword('');
      setReviewing(false);
      onBalancesChanged();
      if (answered.status === 'failed' && answered.fail_reason === INSUFFICIENT_BALANCE) {
        recharge.open({ asset: order.asset, symbol, message: t('rechargePrompt.title', { symbol }) });
      }
    },
    onError: (error) => {
      if (recharge.offer(error, { asset: order.asset, symbol })) {
        setReviewing(false);
        onBalancesChanged();
      } else if (error instanceof ApiError) setRefusal(error.message);
      else toastError(error);
    },
  });
  if (index.data && !index.data.user.has_pay_password) {
    return (
      <section className="card">
        <p>{t('shop.pay.noPassword')}</p>
        <Link className="btn btn--primary" to={payPasswordPath(shopPaths.order(order.id))} data-testid="shop-set-password">
          <span className="btn__label">{t('shop.pay.setPassword')}</span>
        </Link>
      </section>
    );
  }
  return (
    <>
      {shortBy !== null && (
        <RechargeNotice title={t('rechargePrompt.title', { symbol })} asset={order.asset} symbol={symbol} short={shortBy} testPrefix="shop-pay" />
      )}
      <Button
        block
        disabled={shortBy !== null}
        onClick={() => {
          setPassword('');
          setRefusal(null);
          setReviewing(true);
        }}
        data-testid="shop-pay-submit"
      >
        {order.status === 'failed' ? t('shop.pay.again') : t('shop.pay.submit')}
      </Button>
      {reviewing && (
        <ReviewSheet
          title={t('shop.pay.reviewTitle')}
          testId="shop-pay"
          rows={[
            { label: t('funds.review.what'), value: order.title, testId: 'shop-pay-what' },
            {
              label: t('funds.review.price'),
              value: (
                <>
                  <Money value={order.price} symbol={symbol} /> × {order.quantity}
                </>
              ),
            },
            { label: t('funds.review.fee'), value: t('funds.review.noFee') },
            { label: t('shop.order.total'), value: <Money value={order.amount} symbol={symbol} testId="shop-pay-total" /> },
            { label: t('funds.review.gets'), value: t('shop.pay.getsValue', { quantity: order.quantity, title: order.title }) },
          ]}
          spends={[{ symbol, amount: order.amount, balance: balanceOf(balances, order.asset) }]}
          password={{
            label: t('shop.pay.password'),
            value: password,
            onChange: (value) => {
              setPassword(value);
              setRefusal(null);
            },
            testId: 'shop-pay-password',
          }}
          error={refusal}
          confirmLabel={t('shop.pay.confirm')}
          confirmTestId="shop-pay-confirm"
          busy={pay.isPending}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        />
      )}
      {recharge.sheet}
    </>
  );
}

function OrderActions({ order }: { order: ShopOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOrder();
  const receive = useReceiveOrder();
  const onError = (error: unknown) => toastError(error);
  if (order.status === 'shipped') {
    return (
      <Button block busy={receive.isPending} onClick={() => receive.mutate(order.id, { onError })} data-testid="shop-receive">
        {t('shop.order.receive')}
      </Button>
    );
  }
  if (order.status === 'unpaid' || order.status === 'failed' || order.status === 'cancelled') {
    return (
      <Button
        block
        variant="secondary"
        busy={remove.isPending}
        onClick={() => remove.mutate(order.id, { onError, onSuccess: () => void navigate(shopPaths.orders(), { replace: true }) })}
        data-testid="shop-delete"
      >
        {t('shop.order.delete')}
      </Button>
    );
  }
  return null;
}
