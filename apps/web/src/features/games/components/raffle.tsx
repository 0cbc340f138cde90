import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { GameRound, RaffleState } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { Money } from '../../../components/ui/money';
import { ApiError, toastError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { trimAmount } from '../../../lib/amount-format';
import { useDrawRaffle, useRaffle } from '../api/raffle';
import { gamePaths } from '../model/paths';
import { sliceColour, slicePath, WHEEL_LABEL_COLOUR } from '../model/wheel-palette';
import { GameBalance, type PlayerBalances } from './game-balance';
import { SeedPanel } from './seed-panel';
import './games.css';

/** Full turns before the wheel settles on the drawn segment (none with reduced motion: the CSS transition is off). */
const TURNS = 4;

/** ss-raffle-demo: the lucky wheel on the fair core, free spins granted by operators, prizes credited (issue 14). */
export function RaffleWheel({ balances, onBalancesChanged }: { balances: PlayerBalances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const raffle = useRaffle();
  return (
    <div className="game-page">
      <nav className="game-links">
        <Link className="text-link" to={gamePaths.room()} data-testid="game-link-room">
          {t('titles.user/gameRoom')}
        </Link>
      </nav>
      <QueryState query={raffle} empty={raffle.data?.enabled === false} emptyText={t('games.raffle.off')}>
        {raffle.data && <Wheel state={raffle.data} balances={balances} onBalancesChanged={onBalancesChanged} />}
      </QueryState>
      <SeedPanel />
    </div>
  );
}

function Wheel({ state, balances, onBalancesChanged }: { state: RaffleState; balances: PlayerBalances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const draw = useDrawRaffle();
  const [round, setRound] = useState<GameRound | null>(null);
  const [angle, setAngle] = useState(0);
  const total = state.segments.reduce((sum, s) => sum + s.weight, 0);
  let start = 0;
  const slices = state.segments.map((segment) => {
    const from = (start / total) * 360;
    start += segment.weight;
    return { segment, from, to: (start / total) * 360 };
  });
  // The balances prizes are credited to, each once.
  const prizeAssets = [...new Set(state.segments.map((segment) => segment.asset))];

  const spin = async () => {
    try {
      const answer = await draw.mutateAsync();
      const result = answer.round.result;
      if (result.game === 'raffle') {
        const slice = slices[result.segment]!;
        const middle = (slice.from + slice.to) / 2;
        // The pointer is at the top: turn the wheel so the drawn slice's middle comes under it.
        setAngle((now) => now - (now % 360) + TURNS * 360 + (360 - middle));
      }
      setRound(answer.round);
      onBalancesChanged();
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message);
      else toastError(error);
    }
  };

  const won = round && round.payout !== '0.00000000';
  return (
    <section className="card game-table">
      <p className="game-table__hint">{t('games.raffle.hint')}</p>
      <div className="raffle">
        <span className="raffle__pointer" aria-hidden="true" />
        <svg className="raffle__wheel" viewBox="-100 -100 200 200" style={{ transform: `rotate(${angle}deg)` }} aria-hidden="true" data-testid="raffle-wheel">
          {slices.map(({ from, to }, index) => (
            <path key={index} d={slicePath(from, to, 100)} fill={sliceColour(index)} data-testid={`raffle-slice-${index}`} />
          ))}
          {slices.map(({ segment, from, to }, index) => (
            // Along the radius, so a label fits even a thin slice; on the left half turned round to read left to right.
            <text
              key={index}
              className="raffle__label"
              transform={(from + to) / 2 <= 180 ? `rotate(${(from + to) / 2 - 90}) translate(60 0)` : `rotate(${(from + to) / 2 + 90}) translate(-60 0)`}
              fill={WHEEL_LABEL_COLOUR}
              textAnchor="middle"
              dominantBaseline="central"
            >
              {segment.amount === '0' ? '0' : `${trimAmount(segment.amount)} ${symbols[segment.asset]}`}
            </text>
          ))}
        </svg>
      </div>
      <ul className="raffle__legend">
        {slices.map(({ segment }, index) => (
          <li key={index} data-testid={`raffle-segment-${index}`}>
            <span className="raffle__swatch" style={{ background: sliceColour(index) }} aria-hidden="true" />
            {segment.amount === '0' ? t('games.raffle.nothing') : `${segment.amount} ${symbols[segment.asset]}`} ·{' '}
            {t('games.raffle.chance', { chance: ((segment.weight / total) * 100).toFixed(1) })}
          </li>
        ))}
      </ul>
      <GameBalance balances={balances} assets={prizeAssets} testId="raffle-balance" />
      <p data-testid="raffle-spins" data-spins={state.spins_left}>
        {t('games.raffle.spinsLeft', { spins: state.spins_left })}
      </p>
      <Button block busy={draw.isPending} disabled={state.spins_left === 0} onClick={() => void spin()} data-testid="raffle-spin">
        {state.spins_left === 0 ? t('games.raffle.none') : t('games.raffle.spin')}
      </Button>
      {round && (
        <div className="game-result" role="status" data-testid="raffle-result" data-payout={round.payout}>
          <span>{won ? t('games.raffle.won') : t('games.raffle.nothing')}</span>
          {won && <Money value={round.payout} symbol={symbols[round.asset]} testId="raffle-prize" />}
          <Link className="text-link" to={gamePaths.verify(round.id)} data-testid="raffle-verify">
            {t('games.room.verify')}
          </Link>
        </div>
      )}
    </section>
  );
}
