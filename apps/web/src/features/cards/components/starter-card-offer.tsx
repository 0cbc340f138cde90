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
import { ShortfallSheet } from './shortfall-sheet';
import { StockBar } from './stock-bar';
import { SessionClockView, useSessionClock } from './session-clock';
import { useShortfall } from './use-shortfall';
import { FeeBox } from '../../../components/ui/fee-box';

interface StarterCardOfferProps {
  type: cardsApi.StarterCardType;
  offset: ClockOffset | null;
  /** Asks the server again (the countdown reached a boundary: the session opened or closed). */
  onSessionChange: () => void;
  rusdChargePath: string;
  onBalancesChanged: () => void;
  /** On cards/index the name links to the type's page; on that page it does not. */
  linkName?: boolean;
}

/**
 * One starter card type (cards/index, cards/details?type=): its price and fuel fee, the session's countdown and
 * stock, and Buy — enabled the second the session opens on the server's clock, without a reload. One press buys
 * once: the 500 ms guard and one Idempotency-Key per press.
 */
export function StarterCardOffer({ type, offset, onSessionChange, rusdChargePath, onBalancesChanged, linkName = true }: StarterCardOfferProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbols = useAssetSymbols();
  const buy = useBuyStarterCard();
  const { short, close, handle } = useShortfall();
  const session = type.session;
  const schedule = session === null ? null : sessionWindow(session.opens_at, session.closes_at, session.state === 'closed');
  const clock = useSessionClock(schedule, offset, onSessionChange);
  const testId = `starter-${type.id}`;

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
    onError: (error) => handle(error),
  });

  return (
    <article className="card card-offer" data-testid={testId} aria-labelledby={`${testId}-name`}>
      <div className="card-offer__head">
        <CardArt image={type.image} />
        <div className="card-offer__title">
          <h2 id={`${testId}-name`} className="card-offer__name">
            {linkName ? <Link to={cardsPaths.type(type.id)}>{type.name}</Link> : type.name}
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
      <Button block disabled={blocked !== null} busy={buy.isPending} onClick={submit} data-testid={`${testId}-buy`}>
        {blocked ?? t('cards.starter.buy')}
      </Button>
      {short !== null && (
        <ShortfallSheet shortfall={short.shortfall} message={short.message} rusdChargePath={rusdChargePath} onClose={close} testId={`${testId}-shortfall`} />
      )}
    </article>
  );
}
