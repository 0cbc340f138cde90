import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { GameRound, GameTerms } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { Money } from '../../../components/ui/money';
import { ApiError, toastError } from '../../../lib/api-client';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { usePlayBlindBox } from '../api/play';
import { gamePaths, stakeProblem } from '../model/paths';
import { BetFields, type BetDraft } from './bet-fields';
import { GameShell } from './game-shell';
import './games.css';

/** game/index: blind-box guessing — pick one of N sealed boxes; they open as the fair function shuffled them. */
export function BlindBoxGame({ onBalancesChanged }: { onBalancesChanged: () => void }) {
  return <GameShell game="blind_box" table={(terms) => <BlindBoxTable terms={terms} onBalancesChanged={onBalancesChanged} />} />;
}

function BlindBoxTable({ terms, onBalancesChanged }: { terms: GameTerms; onBalancesChanged: () => void }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const play = usePlayBlindBox();
  const boxes = terms.multipliers ?? [];
  const [draft, setDraft] = useState<BetDraft>({ asset: terms.assets[0] ?? null, amount: '' });
  const [box, setBox] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [round, setRound] = useState<GameRound | null>(null);

  const submit = useIdempotentMutation({
    intent: () => {
      const stake = stakeProblem(draft.amount);
      const refusal =
        draft.asset === null || stake === 'required'
          ? t('games.bet.required')
          : stake === 'invalid'
            ? t('games.bet.invalid')
            : box === null
              ? t('games.box.pick')
              : null;
      setProblem(refusal);
      return refusal !== null || draft.asset === null || box === null ? null : { asset: draft.asset, amount: draft.amount.trim(), box };
    },
    send: (intent, idempotencyKey) => play.mutateAsync({ ...intent, idempotencyKey }),
    onSuccess: (answer) => {
      setRound(answer.round);
      onBalancesChanged();
    },
    onError: (error) => {
      if (error instanceof ApiError) setProblem(error.message);
      else toastError(error);
    },
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
      <BetFields
        terms={terms}
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setProblem(null);
        }}
        problem={problem}
        testId="blind-box"
      />
      <Button block busy={play.isPending} onClick={submit} data-testid="blind-box-play">
        {t('games.box.open')}
      </Button>
      {round && (
        <div className="game-result" role="status" data-testid="blind-box-result" data-payout={round.payout}>
          <span>{t('games.result.payout')}</span>
          <Money value={round.payout} symbol={symbols[round.asset]} testId="blind-box-payout" />
          <Link className="text-link" to={gamePaths.verify(round.id)} data-testid="blind-box-verify">
            {t('games.room.verify')}
          </Link>
        </div>
      )}
    </section>
  );
}
