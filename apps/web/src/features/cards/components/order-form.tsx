import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { UserInfo } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useCardTypes } from '../api/list-card-types';
import { usePlaceOrder } from '../api/orders';
import { useServerClock } from '../api/server-clock';
import { orderReservation } from '../model/order-reservation';
import { idParam, placedOrderPath } from '../model/paths';
import { checkPriceBand, type PriceBandProblem } from '../model/price-band';
import { sessionWindow } from '../model/session-phase';
import { Money } from '../../../components/ui/money';
import { AmountField } from '../../../components/ui/amount-field';
import { FeeBox } from '../../../components/ui/fee-box';
import { ReviewSheet } from '../../../components/ui/review-sheet';
import { spendsOf } from '../../../lib/balance-after';
import './cards.css';
import { SessionClockView, useSessionClock } from './session-clock';
import { useShortfall } from './use-shortfall';

interface OrderFormProps {
  onBalancesChanged: () => void;
  balances: UserInfo['balances'] | undefined;
}

/**
 * trading/order: a buy order for one card of a type within a price band (both ends required, ≤ 2 decimals). What it
 * sets aside is shown before the button — the highest price in RUSD, the fuel fee at that price, the trading points
 * — and the button opens with the type's session, on the server's clock. It opens the review every spend shows;
 * an order the engine matches at once lands on the card it bought, one that waits says so (issue 25 §1).
 */
export function OrderForm({ onBalancesChanged, balances }: OrderFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const [search] = useSearchParams();
  const types = useCardTypes();
  const offset = useServerClock();
  const place = usePlaceOrder();
  const { handle, sheet: shortfallSheet, referrerSheet } = useShortfall('order');
  const list = types.data?.list ?? [];
  const [chosen, setChosen] = useState(() => idParam(search.get('type')));
  const [min, setMin] = useState(() => search.get('min') ?? '');
  const [max, setMax] = useState(() => search.get('max') ?? '');
  const [problem, setProblem] = useState<PriceBandProblem | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const type = list.find((item) => item.id === chosen) ?? list[0];
  const session = type?.session ?? null;
  const clock = useSessionClock(
    session === null ? null : sessionWindow(session.opens_at, session.closes_at, session.state === 'closed'),
    offset,
    () => void types.refetch(),
  );

  const band = checkPriceBand(min, max, { required: true });
  const reservation =
    type !== undefined && band.band !== null && band.band.max !== null ? orderReservation(band.band.max, type.fuel_fee_bp, type.trade_points) : null;

  const checkedBody = () => {
    if (type === undefined || clock.phase !== 'open') return null;
    const checked = checkPriceBand(min, max, { required: true });
    setProblem(checked.problem);
    if (checked.band === null || checked.band.min === null || checked.band.max === null) return null;
    return { card_type_id: type.id, min_price: checked.band.min, max_price: checked.band.max };
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (checkedBody() !== null) setReviewing(true);
  };

  const submit = useIdempotentMutation({
    intent: checkedBody,
    send: (body, idempotencyKey) => place.mutateAsync({ body, idempotencyKey }),
    onSuccess: (order) => {
      onBalancesChanged();
      void navigate(placedOrderPath(order));
    },
    onError: (error) => {
      setReviewing(false);
      handle(error);
    },
  });

  const fieldProblem = (field: 'min' | 'max') =>
    problem !== null && (problem.field === field || (problem.field === 'band' && field === 'max')) ? (
      <p className="form-warning" role="alert" data-testid={`order-${field}-problem`}>
        {t(`cards.price.${problem.problem}`)}
      </p>
    ) : null;

  return (
    <>
      <form className="card form" noValidate onSubmit={review} data-testid="order-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card__title">
          {t('cards.order.title')}
        </h2>
        <label className="field" htmlFor={`${id}-type`}>
          <span className="field__label">{t('cards.market.type')}</span>
          <select
            id={`${id}-type`}
            className="select field__input"
            value={type?.id ?? ''}
            disabled={list.length === 0}
            onChange={(event) => setChosen(Number(event.target.value))}
            data-testid="order-type"
          >
            {list.length === 0 && <option value="">{types.isPending ? t('common.loading') : t('cards.starter.empty')}</option>}
            {list.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <SessionClockView clock={clock} testId="order-session" />
        <AmountField
          id={`${id}-min`}
          label={t('cards.market.minPrice')}
          value={min}
          onChange={(value) => {
            setMin(value);
            setProblem(null);
          }}
          testId="order-min"
        />
        {fieldProblem('min')}
        <AmountField
          id={`${id}-max`}
          label={t('cards.market.maxPrice')}
          value={max}
          onChange={(value) => {
            setMax(value);
            setProblem(null);
          }}
          testId="order-max"
        />
        {fieldProblem('max')}
        <FeeBox
          testId="order-reservation"
          rows={[
            {
              label: t('cards.order.reserveRusd'),
              value: reservation === null ? '—' : <Money value={reservation.rusd} symbol={symbols.rusd} testId="order-reserve-rusd" />,
            },
            {
              label: t('cards.order.reserveFuel'),
              value: reservation === null ? '—' : <Money value={reservation.fuel} symbol={symbols.fuel} testId="order-reserve-fuel" />,
            },
            {
              label: t('cards.order.reserveTrade'),
              value: reservation === null ? '—' : <Money value={reservation.trade} symbol={symbols.trade} testId="order-reserve-trade" />,
            },
          ]}
        />
        <p className="cards-note">{t('cards.order.explain')}</p>
        <Button type="submit" block disabled={type === undefined || clock.phase !== 'open'} data-testid="order-submit">
          {clock.phase === 'open' ? t('cards.order.submit') : t('cards.order.closed')}
        </Button>
        {shortfallSheet}
      </form>
      {reviewing && type !== undefined && reservation !== null && (
        <ReviewSheet
          title={t('cards.review.orderTitle', { name: type.name })}
          testId="order-review"
          rows={[
            { label: t('funds.review.what'), value: type.name, testId: 'order-review-what' },
            { label: t('cards.order.reserveRusd'), value: <Money value={reservation.rusd} symbol={symbols.rusd} />, testId: 'order-review-price' },
            { label: t('cards.order.reserveFuel'), value: <Money value={reservation.fuel} symbol={symbols.fuel} /> },
            { label: t('cards.order.reserveTrade'), value: <Money value={reservation.trade} symbol={symbols.trade} /> },
            { label: t('funds.review.gets'), value: t('cards.review.getsCard', { name: type.name }) },
          ]}
          spends={spendsOf(balances, symbols, [
            ['rusd', reservation.rusd],
            ['fuel', reservation.fuel],
            ['trade', reservation.trade],
          ])}
          note={t('cards.order.explain')}
          confirmLabel={t('cards.order.submit')}
          confirmTestId="order-review-confirm"
          busy={place.isPending}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        />
      )}
      {referrerSheet}
    </>
  );
}
