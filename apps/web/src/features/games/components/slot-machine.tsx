import { useEffect, useRef, useState } from 'react';
import { SLOT_PAYLINES, SLOT_REELS, SLOT_SYMBOLS, slotWindow, toUnits, fromUnits, type GameRound, type GameTerms } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { useIdempotentRunner } from '../../../lib/use-idempotent-mutation';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { usePlaySlot, type BetIntent } from '../api/play';
import { BetFields, betRefusal, RoundResult, useBetDraft } from './bet-fields';
import { GameShell } from './game-shell';
import type { PlayerBalances } from './game-balance';
import { ReelSymbol } from './reel-art';
import './games.css';

/** How long each reel spins before it stops (reel i stops i × REEL_STAGGER_MS later); none with reduced motion. */
const SPIN_MS = 700;
const REEL_STAGGER_MS = 250;
const AUTO_SPIN_MAX = 100;
/**
 * Auto-spin starts a spin at most this often. With reduced motion a spin takes only the server's answer, and back to
 * back the spins met the server's per-user bet limit (GAME_BETS_PER_SECOND, 5 by default): the sixth was refused as
 * too frequent and auto-spin stopped. 400 ms keeps it at 2.5 a second, under any limit of 3 or more.
 */
const AUTO_SPIN_PACE_MS = 400;

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** game/tiger/tiger: three reels, five paylines, the paytable, single spins and auto-spin with a loss limit. */
export function SlotMachineGame({ balances, onBalancesChanged }: { balances: PlayerBalances; onBalancesChanged: () => void }) {
  return <GameShell game="slot" table={(terms) => <SlotTable terms={terms} balances={balances} onBalancesChanged={onBalancesChanged} />} />;
}

function SlotTable({ terms, balances, onBalancesChanged }: { terms: GameTerms; balances: PlayerBalances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const play = usePlaySlot();
  const runIdempotent = useIdempotentRunner();
  const { draft, setProblem, short, refuse, rechargeSheet, fields } = useBetDraft(terms, balances, 'slot', onBalancesChanged);
  const [round, setRound] = useState<GameRound | null>(null);
  const [spinning, setSpinning] = useState<boolean[]>([false, false, false]);
  const [spins, setSpins] = useState(0);
  const [autoRounds, setAutoRounds] = useState('10');
  const [lossLimit, setLossLimit] = useState('');
  const [autoLeft, setAutoLeft] = useState(0);
  const stopAuto = useRef(false);
  const busy = spinning.some(Boolean) || play.isPending || autoLeft > 0;

  const checked = (): BetIntent | null => {
    const refusal = betRefusal(draft, t);
    setProblem(refusal);
    return refusal !== null || draft.asset === null ? null : { asset: draft.asset, amount: draft.amount.trim() };
  };

  /**
   * One spin: the reels start, the server answers, the reels stop one after another on the fair outcome. A spin
   * whose answer was lost keeps its Idempotency-Key, so spinning again with the same bet (by hand or by auto-spin)
   * asks for that spin's outcome instead of paying for another.
   */
  const spinOnce = async (bet: BetIntent): Promise<GameRound | null> => {
    const animate = !reducedMotion();
    if (animate) setSpinning([true, true, true]);
    let played = null as GameRound | null;
    try {
      await runIdempotent({
        intent: () => bet,
        send: async (intent, idempotencyKey) => {
          const [answer] = await Promise.all([play.mutateAsync({ ...intent, idempotencyKey }), animate ? wait(SPIN_MS) : undefined]);
          return answer;
        },
        onSuccess: (answer) => {
          played = answer.round;
          setRound(answer.round);
        },
        onError: (error) => refuse(error, bet.asset),
      });
      if (played === null) return null;
      for (let reel = 0; reel < 3 && animate; reel += 1) {
        setSpinning((now) => now.map((value, index) => (index === reel ? false : value)));
        if (reel < 2) await wait(REEL_STAGGER_MS);
      }
      setSpins((n) => n + 1);
      onBalancesChanged();
      return played;
    } finally {
      setSpinning([false, false, false]);
    }
  };

  const onSpin = useGuardedSubmit(async () => {
    const bet = checked();
    if (bet) await spinOnce(bet);
  });

  const onAuto = async () => {
    const bet = checked();
    const rounds = Math.min(AUTO_SPIN_MAX, Math.max(1, Number.parseInt(autoRounds, 10) || 0));
    if (!bet) return;
    const limit = /^\d{1,12}(\.\d{1,8})?$/.test(lossLimit.trim()) ? toUnits(lossLimit.trim()) : null;
    stopAuto.current = false;
    let lost = 0n;
    for (let left = rounds; left > 0 && !stopAuto.current; left -= 1) {
      setAutoLeft(left);
      const started = performance.now();
      const played = await spinOnce(bet);
      if (!played) break;
      lost += toUnits(played.stake) - toUnits(played.payout);
      if (limit !== null && lost >= limit) {
        setProblem(t('games.slot.lossLimitReached', { lost: fromUnits(lost, 2) }));
        break;
      }
      const early = AUTO_SPIN_PACE_MS - (performance.now() - started);
      if (left > 1 && early > 0) await wait(early);
    }
    setAutoLeft(0);
  };

  useEffect(
    () => () => {
      stopAuto.current = true;
    },
    [],
  );

  const result = round?.result.game === 'slot' ? round.result : null;
  const cells = slotWindow(result?.stops ?? [0, 0, 0]);
  const winningLines = new Set(result ? result.lines.flatMap((cents, line) => (cents > 0 ? [line] : [])) : []);
  return (
    <section className="card game-table">
      <div className="slot" aria-live="polite" data-testid="slot-reels" data-spins={spins}>
        {[0, 1, 2].map((reel) => (
          <div key={reel} className={`slot__reel${spinning[reel] ? ' slot__reel--spinning' : ''}`} data-testid={`slot-reel-${reel}`}>
            {spinning[reel] ? (
              <div className="slot__strip" aria-hidden="true">
                {[...SLOT_REELS[reel]!, ...SLOT_REELS[reel]!].map((symbol, index) => (
                  <span key={index} className="slot__cell">
                    <ReelSymbol symbol={symbol} />
                  </span>
                ))}
              </div>
            ) : (
              cells.map((row, rowIndex) => (
                <span key={rowIndex} className={`slot__cell${rowIndex === 1 ? ' slot__cell--middle' : ''}`} title={t(`games.symbols.${row[reel]!}`)}>
                  <ReelSymbol symbol={row[reel]!} label={t(`games.symbols.${row[reel]!}`)} />
                </span>
              ))
            )}
          </div>
        ))}
      </div>
      {round && !spinning.some(Boolean) && (
        <RoundResult
          round={round}
          label={winningLines.size > 0 ? t('games.slot.lines', { lines: [...winningLines].map((line) => line + 1).join(', ') }) : t('games.result.noWin')}
          testId="slot"
        />
      )}
      <BetFields {...fields} />
      <Button block busy={busy} disabled={busy || short !== null} onClick={onSpin} data-testid="slot-spin">
        {t('games.slot.spin')}
      </Button>
      <div className="slot__auto">
        <AutoSetting label={t('games.slot.autoRounds')} inputMode="numeric" value={autoRounds} onChange={setAutoRounds} testId="slot-auto-rounds" />
        <AutoSetting label={t('games.slot.lossLimit')} inputMode="decimal" value={lossLimit} onChange={setLossLimit} testId="slot-loss-limit" />
        {autoLeft > 0 ? (
          <Button
            variant="secondary"
            onClick={() => {
              stopAuto.current = true;
            }}
            data-testid="slot-auto-stop"
          >
            {t('games.slot.autoStop', { left: autoLeft })}
          </Button>
        ) : (
          <Button variant="secondary" disabled={busy || short !== null} onClick={() => void onAuto()} data-testid="slot-auto">
            {t('games.slot.auto')}
          </Button>
        )}
      </div>
      <Paytable terms={terms} />
      {rechargeSheet}
    </section>
  );
}

/** One setting of auto-spin: how many rounds, or the loss that stops it. */
function AutoSetting(props: { label: string; inputMode: 'numeric' | 'decimal'; value: string; onChange: (value: string) => void; testId: string }) {
  return (
    <label>
      {props.label}
      <input
        className="field__input"
        inputMode={props.inputMode}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      />
    </label>
  );
}

/** The paytable and the paylines, as the server states them (GET /api/game/paytable). */
function Paytable({ terms }: { terms: GameTerms }) {
  const { t } = useTranslation();
  if (!terms.paytable) return null;
  return (
    <details className="slot__paytable" data-testid="slot-paytable">
      <summary>{t('games.slot.paytable', { rtp: (Number(terms.rtp) * 100).toFixed(2) })}</summary>
      <p>{t('games.slot.linesHint', { lines: SLOT_PAYLINES.length })}</p>
      <table>
        <tbody>
          {SLOT_SYMBOLS.map((symbol) => (
            <tr key={symbol}>
              <th scope="row">
                <span className="slot__triple" aria-hidden="true">
                  {[0, 1, 2].map((n) => (
                    <ReelSymbol key={n} symbol={symbol} />
                  ))}
                </span>{' '}
                {t(`games.symbols.${symbol}`)}
              </th>
              <td>×{terms.paytable!.three[symbol]}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('games.slot.tigerTwo')}</th>
            <td>×{terms.paytable.tiger_two}</td>
          </tr>
          <tr>
            <th scope="row">{t('games.slot.tigerOne')}</th>
            <td>×{terms.paytable.tiger_one}</td>
          </tr>
        </tbody>
      </table>
    </details>
  );
}
