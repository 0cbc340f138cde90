import { useState } from 'react';
import type { UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Link, useNavigate } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useBuyStarterCard } from '../api/buy-starter-card';
import { cardsPaths } from '../model/paths';
import type { ClockOffset } from '../../../lib/server-clock';
import { sessionWindow } from '../model/session-phase';
import { CardArt } from './card-art';
import { Money } from '../../../components/ui/money';
import { StockBar } from './stock-bar';
import { SessionClockView, useSessionClock } from './session-clock';
import { useShortfall } from './use-shortfall';
import { FeeBox } from '../../../components/ui/fee-box';
import { ReviewSheet } from '../../../components/ui/review-sheet';
import { balanceOf } from '../../../lib/balance-after';

interface StarterCardOfferProps {
  type: cardsApi.StarterCardType;
  offset: ClockOffset | null;
  /** Asks the server again (the countdown reached a boundary: the session opened or closed). */
  onSessionChange: () => void;
  onBalancesChanged: () => void;
  /** The user's balances (the user info), for the review's balance after. */
  balances: UserInfo['balances'] | undefined;
  /** On cards/index the name links to the type's page; on that page it does not. */
  linkName?: boolean;
}

/**
 * One starter card type (cards/index, cards/details?type=): its price and fuel fee, the session's countdown and
 * stock, and Buy — enabled the second the session opens on the server's clock, without a reload. Buy opens the review
 * every spend shows (price, fuel fee, balances after); Confirm buys once: the 500 ms guard and one Idempotency-Key.
 */
export function StarterCardOffer({ type, offset, onSessionChange, onBalancesChanged, balances, linkName = true }: StarterCardOfferProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const buy = useBuyStarterCard();
  const testId = `starter-${type.id}`;
  const { handle, sheet: shortfallSheet, referrerSheet } = useShortfall(testId);
  const [reviewing, setReviewing] = useState(false);
  const session = type.session;
  const schedule = session === null ? null : sessionWindow(session.opens_at, session.closes_at, session.state === 'closed');
  const clock = useSessionClock(schedule, offset, onSessionChange);

  const capReached = session !== null && type.bought_by_me >= session.per_user_cap;
  const soldOut = session !== null && session.left <= 0;
  const blocked: string | null =
    clock.phase === null
      ? t('cards.starter.noSession')
      : clock.phase === 'upcoming'
        ? t('cards.starter.notStarted')
        : clock.phase === 'closed'
          ? t('cards.starter.ended')
          : soldOut
            ? t('cards.starter.soldOut')
            : capReached
              ? t('cards.starter.capReached')
              : null;

  const submit = useIdempotentMutation({
    intent: () => (blocked === null ? type.id : null),
    send: (typeId, idempotencyKey) => buy.mutateAsync({ typeId, idempotencyKey }),
    onSuccess: (result) => {
      onBalancesChanged();
      void navigate(cardsPaths.bought(result.card.id));
    },
    onError: (error) => {
      setReviewing(false);
      handle(error);
    },
  });

  return (
    <article className="card card-offer" data-testid={testId} aria-labelledby={`${testId}-name`}>
      <div className="card-offer__head">
        <CardArt image={type.image} />
        <div className="card-offer__title">
          <h2 id={`${testId}-name`} className="card-offer__name">
            {linkName ? (
              <Link className="hit-area" to={cardsPaths.type(type.id)}>
                {type.name}
              </Link>
            ) : (
              type.name
            )}
          </h2>
          <span className="card-offer__price">
            <Money value={type.start_price} symbol={symbols.rusd} testId={`${testId}-price`} />
          </span>
          <SessionClockView clock={clock} testId={`${testId}-session`} />
        </div>
      </div>
      <FeeBox
        rows={[
          { label: t('cards.fields.fuelFee'), value: <Money value={type.fuel_fee} symbol={symbols.fuel} testId={`${testId}-fuel`} /> },
          session !== null && {
            label: t('cards.fields.myPurchases'),
            value: `${type.bought_by_me} / ${session.per_user_cap}`,
            testId: `${testId}-mine`,
            className: 'figure',
          },
        ]}
      />
      {session !== null && <StockBar sold={session.sold} stock={session.stock} testId={`${testId}-stock`} />}
      <Button block disabled={blocked !== null} onClick={() => setReviewing(true)} data-testid={`${testId}-buy`}>
        {blocked ?? t('cards.starter.buy')}
      </Button>
      {reviewing && blocked === null && (
        <ReviewSheet
          title={t('cards.review.buyTitle', { name: type.name })}
          testId="buy-review"
          rows={[
            { label: t('funds.review.what'), value: type.name, testId: 'buy-review-what' },
            { label: t('cards.fields.purchasePrice'), value: <Money value={type.start_price} symbol={symbols.rusd} testId="buy-review-price" /> },
            { label: t('cards.fields.fuelFee'), value: <Money value={type.fuel_fee} symbol={symbols.fuel} testId="buy-review-fee" /> },
            { label: t('funds.review.gets'), value: t('cards.review.getsCard', { name: type.name }), testId: 'buy-review-gets' },
          ]}
          spends={[
            { symbol: symbols.rusd, amount: type.start_price, balance: balanceOf(balances, 'rusd') },
            { symbol: symbols.fuel, amount: type.fuel_fee, balance: balanceOf(balances, 'fuel') },
          ]}
          confirmLabel={t('cards.review.confirmBuy')}
          confirmTestId="buy-review-confirm"
          busy={buy.isPending}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        />
      )}
      {shortfallSheet}
      {referrerSheet}
    </article>
  );
}
