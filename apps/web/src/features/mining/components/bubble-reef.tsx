import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { miningApi, type UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError, toastError } from '../../../lib/api-client';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { clockText } from '../../../lib/countdown';
import type { ClockOffset } from '../../../lib/server-clock';
import { useCountdown } from '../../../lib/use-countdown';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { timedRead, useServerClock } from '../../../lib/use-server-clock';
import { useCollectBubble } from '../api/collect-bubble';
import { listBubbles, useBubbles } from '../api/list-bubbles';
import { bubblePlacements, type BubblePlacement } from '../model/bubble-layout';
import { miningPaths } from '../model/paths';
import { FeeBox } from '../../../components/ui/fee-box';
import './mining.css';

interface BubbleReefProps {
  balances: UserInfo['balances'] | undefined;
  onBalancesChanged: () => void;
}

type Bubble = miningApi.Bubble;

/** True when the phone asks for less motion: the pop is skipped, not just shortened. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * mining/paopao: each day's output as a bubble floating over the reef (decision 058). A ripe bubble is a button: a
 * tap collects it once (one Idempotency-Key per tap, the 500 ms guard), it pops, the amount rises and the
 * balances and the miners' income refresh. A growing bubble is disabled and counts down to its ripening on the
 * server's clock; at zero the list is asked again and it turns ripe without a reload.
 */
export function BubbleReef({ balances, onBalancesChanged }: BubbleReefProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const query = useBubbles();
  const offset = useServerClock((client, signal) => timedRead(client, () => listBubbles(signal)));
  // Collected bubbles stay in place while they pop; the refetched list no longer has them.
  const [popping, setPopping] = useState<readonly Bubble[]>([]);
  const [last, setLast] = useState<Bubble | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onCollected = (bubble: Bubble) => {
    setRefusal(null);
    setLast(bubble);
    if (!prefersReducedMotion()) setPopping((current) => [...current, bubble]);
    onBalancesChanged();
  };
  const onRefused = (error: unknown) => {
    // Collected already (another tap, another device), expired: the server's message in the page's language.
    if (error instanceof ApiError) setRefusal(error.message);
    else toastError(error);
  };

  const open = query.data?.list ?? [];
  const shown = [...open, ...popping.filter((gone) => !open.some((bubble) => bubble.id === gone.id))].sort((a, b) => a.id - b.id);
  const placements = bubblePlacements(shown);
  const poppingIds = new Set(popping.map((bubble) => bubble.id));

  return (
    <div className="mining-page">
      <FeeBox
        testId="paopao-balances"
        rows={miningApi.MINING_OUTPUT_ASSETS.map((asset) => {
          const amount = balances?.find((row) => row.key === asset)?.amount;
          return {
            label: t('mining.paopao.balance', { asset: symbols[asset] }),
            value: amount === undefined ? '—' : <Money value={amount} symbol={symbols[asset]} testId={`paopao-balance-${asset}`} />,
          };
        })}
      />
      <p className="mining-collected" role="status" data-testid="paopao-collected">
        {last === null ? '' : t('mining.paopao.collected', { amount: formatGroupedAmount(last.amount), asset: symbols[last.asset], day: last.period })}
      </p>
      {refusal !== null && (
        <p className="form-warning" role="alert" data-testid="paopao-refusal">
          {refusal}
        </p>
      )}
      <QueryState query={query}>
        {shown.length === 0 ? (
          <EmptyState className="card empty-state" text={t('mining.paopao.empty')} testId="paopao-empty">
            <Link to={miningPaths.exchange()}>{t('titles.mining/index')}</Link>
          </EmptyState>
        ) : (
          <section className="bubble-reef" aria-label={t('mining.paopao.reef')}>
            <ul className="bubble-reef__water">
              {shown.map((bubble) => (
                <BubbleItem
                  key={bubble.id}
                  bubble={bubble}
                  placement={placements.get(bubble.id)!}
                  offset={offset}
                  popping={poppingIds.has(bubble.id)}
                  onCollected={onCollected}
                  onRefused={onRefused}
                  onRipe={() => void query.refetch()}
                  onPopped={() => setPopping((current) => current.filter((gone) => gone.id !== bubble.id))}
                />
              ))}
            </ul>
          </section>
        )}
      </QueryState>
    </div>
  );
}

interface BubbleItemProps {
  bubble: Bubble;
  placement: BubblePlacement;
  offset: ClockOffset | null;
  popping: boolean;
  onCollected: (bubble: Bubble) => void;
  onRefused: (error: unknown) => void;
  onRipe: () => void;
  onPopped: () => void;
}

function BubbleItem({ bubble, placement, offset, popping, onCollected, onRefused, onRipe, onPopped }: BubbleItemProps) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const collect = useCollectBubble();
  const onCollect = useIdempotentMutation({
    intent: () => (bubble.state === 'ripe' && !popping ? bubble.id : null),
    send: (bubbleId, idempotencyKey) => collect.mutateAsync({ bubbleId, idempotencyKey }),
    onSuccess: (result) => onCollected(result.bubble),
    onError: (error) => onRefused(error),
  });
  const growing = bubble.state === 'growing';
  const parts = useCountdown(growing ? Date.parse(bubble.ripe_at) : null, offset, onRipe);
  const amount = formatGroupedAmount(bubble.amount);
  const style = {
    '--bubble-size': `${placement.size}px`,
    '--bubble-drop': `${placement.drop}px`,
    '--bubble-delay': `${placement.delayMs}ms`,
  } as CSSProperties;
  const left = parts === null ? null : parts.days > 0 ? t('mining.daysClock', { days: parts.days, clock: clockText(parts) }) : clockText(parts);
  return (
    <li className="bubble-slot" style={style}>
      <button
        type="button"
        className={`bubble bubble--${popping ? 'popping' : bubble.state}`}
        disabled={growing || popping}
        onClick={onCollect}
        onAnimationEnd={(event) => {
          if (popping && event.animationName === 'bubble-pop') onPopped();
        }}
        data-testid="bubble"
        data-bubble={bubble.id}
        data-state={popping ? 'popping' : bubble.state}
      >
        {/* The visible words are the accessible name's core; the hidden ones say what a tap does, and which day it is. */}
        <span className="sr-only">
          {growing ? t('mining.paopao.growingLabel', { day: bubble.period }) : t('mining.paopao.collectLabel', { day: bubble.period })}{' '}
        </span>
        <span className="bubble__amount figure">{amount}</span> <span className="bubble__symbol">{symbols[bubble.asset]}</span>
        {growing && left !== null && (
          <>
            <span className="sr-only"> {t('mining.paopao.ripensIn')} </span>
            <span className="bubble__time figure" data-testid="bubble-time">
              {left}
            </span>
          </>
        )}
      </button>
      {popping && (
        <span className="bubble__rise figure" aria-hidden="true">
          {`+${amount}`}
        </span>
      )}
    </li>
  );
}
