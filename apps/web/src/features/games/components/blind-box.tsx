import { useState } from 'react';
import type { GameRound, GameTerms } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { usePlayBlindBox } from '../api/play';
import { BetFields, betRefusal, RoundResult, useBetDraft } from './bet-fields';
import { GameShell } from './game-shell';
import type { PlayerBalances } from './game-balance';
import './games.css';

/** game/index: blind-box guessing — pick one of N sealed boxes; they open as the fair function shuffled them. */
export function BlindBoxGame({ balances, onBalancesChanged }: { balances: PlayerBalances; onBalancesChanged: () => void }) {
  return <GameShell game="blind_box" table={(terms) => <BlindBoxTable terms={terms} balances={balances} onBalancesChanged={onBalancesChanged} />} />;
}

function BlindBoxTable({ terms, balances, onBalancesChanged }: { terms: GameTerms; balances: PlayerBalances; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const play = usePlayBlindBox();
  const boxes = terms.multipliers ?? [];
  const { draft, setProblem, short, refuse, rechargeSheet, fields } = useBetDraft(terms, balances, 'blind-box', onBalancesChanged);
  const [box, setBox] = useState<number | null>(null);
  const [round, setRound] = useState<GameRound | null>(null);

  const submit = useIdempotentMutation({
    intent: () => {
      const refusal = betRefusal(draft, t) ?? (box === null ? t('games.box.pick') : null);
      setProblem(refusal);
      return refusal !== null || draft.asset === null || box === null ? null : { asset: draft.asset, amount: draft.amount.trim(), box };
    },
    send: (intent, idempotencyKey) => play.mutateAsync({ ...intent, idempotencyKey }),
    onSuccess: (answer) => {
      setRound(answer.round);
      onBalancesChanged();
    },
    onError: (error, _outcome, intent) => refuse(error, intent.asset),
  });

  const opened = round?.result.game === 'blind_box' ? round.result : null;
  return (
    <section className="card game-table">
      <p className="game-table__hint">{t('games.box.hint', { boxes: boxes.length })}</p>
      <div className="blind-boxes" role="radiogroup" aria-label={t('games.box.pick')}>
        {boxes.map((_, index) => {
          const multiplier = opened ? opened.multipliers[opened.arrangement[index]!] : null;
          return (
            <button
              key={index}
              type="button"
              role="radio"
              aria-checked={box === index}
              className={`blind-box${box === index ? ' blind-box--picked' : ''}${opened ? ' blind-box--open' : ''}${opened?.box === index ? ' blind-box--chosen' : ''}`}
              onClick={() => {
                setBox(index);
                setRound(null);
              }}
              data-testid={`blind-box-${index}`}
            >
              <span className="blind-box__label">{t('games.box.name', { n: index + 1 })}</span>
              <span className="blind-box__value">{multiplier === null ? '?' : `×${multiplier}`}</span>
            </button>
          );
        })}
      </div>
      <BetFields {...fields} />
      <Button block busy={play.isPending} disabled={short !== null} onClick={submit} data-testid="blind-box-play">
        {t('games.box.open')}
      </Button>
      {round && <RoundResult round={round} label={t('games.result.payout')} testId="blind-box" />}
      {rechargeSheet}
    </section>
  );
}
