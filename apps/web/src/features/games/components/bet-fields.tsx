import { useId } from 'react';
import type { GameAsset, GameTerms } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { formatGroupedAmount } from '../../../lib/amount-format';

export interface BetDraft {
  asset: GameAsset | null;
  amount: string;
}

/** The stake and the payment method (spec §5: both required), with the game's limits beside them. */
/** The payment method and stake of a bet, the operator's limits, and the refusal of the last try (`problem`) below them. */
export function BetFields({
  terms,
  draft,
  onChange,
  problem,
  testId,
}: {
  terms: GameTerms;
  draft: BetDraft;
  onChange: (draft: BetDraft) => void;
  problem: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const symbols = useAssetSymbols();
  return (
    <>
      <div className="game-bet">
        <fieldset className="game-bet__assets">
          <legend>{t('games.bet.method')}</legend>
          {terms.assets.map((asset) => (
            <label key={asset} className="game-bet__asset">
              <input
                type="radio"
                name={`${id}-asset`}
                value={asset}
                checked={draft.asset === asset}
                onChange={() => onChange({ ...draft, asset })}
                data-testid={`${testId}-asset-${asset}`}
              />
              {symbols[asset]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-amount`}>{t('games.bet.amount')}</label>
        <input
          id={`${id}-amount`}
          className="field__input"
          inputMode="decimal"
          value={draft.amount}
          onChange={(event) => onChange({ ...draft, amount: event.target.value })}
          data-testid={`${testId}-amount`}
        />
        <p className="game-bet__limits">
          {t('games.bet.limits', {
            min: formatGroupedAmount(terms.min_stake, 2),
            max: formatGroupedAmount(terms.max_stake, 2),
            daily: formatGroupedAmount(terms.daily_limit, 2),
            rtp: (Number(terms.rtp) * 100).toFixed(2),
          })}
        </p>
      </div>
      {problem && (
        <p className="game-problem" role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      )}
    </>
  );
}
