import { useCallback, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GameAsset, GameRound, GameTerms } from '@reef/contract';
import { useTranslation, type TFunction } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { RechargeNotice, useRechargePrompt } from '../../../components/ui/recharge-prompt';
import { ApiError, toastError } from '../../../lib/api-client';
import { balanceOf as balanceOrZero } from '../../../lib/balance-after';
import { amountShort } from '../../../lib/recharge-shortfall';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { gamePaths, stakeProblem } from '../model/paths';
import { netOfRound } from '../model/net-result';
import { QUICK_STAKES, quickStake } from '../model/quick-stake';
import { balanceOf, GameBalance, type PlayerBalances } from './game-balance';

export interface BetDraft {
  asset: GameAsset | null;
  amount: string;
}

/**
 * The payment method and its balance, the stake with its quick amounts, the operator's limits, and the refusal of the
 * last try (`problem`) below them.
 */
export function BetFields({
  terms,
  balances,
  draft,
  onChange,
  problem,
  short,
  testId,
}: {
  terms: GameTerms;
  balances: PlayerBalances;
  draft: BetDraft;
  onChange: (draft: BetDraft) => void;
  problem: string | null;
  /** What the typed stake lacks of the balance of its method, or null. */
  short: string | null;
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
        {draft.asset && <GameBalance balances={balances} assets={[draft.asset]} testId={`${testId}-balance`} />}
        <label htmlFor={`${id}-amount`}>{t('games.bet.amount')}</label>
        <input
          id={`${id}-amount`}
          className="field__input"
          inputMode="decimal"
          value={draft.amount}
          onChange={(event) => onChange({ ...draft, amount: event.target.value })}
          data-testid={`${testId}-amount`}
        />
        <QuickStakes terms={terms} balance={draft.asset ? balanceOf(balances, draft.asset) : undefined} draft={draft} onChange={onChange} testId={testId} />
        <p className="game-bet__limits">
          {t('games.bet.limits', {
            min: formatGroupedAmount(terms.min_stake, 2),
            max: formatGroupedAmount(terms.max_stake, 2),
            daily: formatGroupedAmount(terms.daily_limit, 2),
            rtp: (Number(terms.rtp) * 100).toFixed(2),
          })}
        </p>
      </div>
      {short !== null && draft.asset !== null && (
        <RechargeNotice
          title={t('rechargePrompt.title', { symbol: symbols[draft.asset] })}
          asset={draft.asset}
          symbol={symbols[draft.asset]}
          short={short}
          testPrefix={testId}
        />
      )}
      {problem && (
        <p className="game-problem" role="alert" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      )}
    </>
  );
}

/** Min, ½, ×2 and Max: stakes within the game's limits and the balance of the chosen method, computed in exact units. */
function QuickStakes(props: { terms: GameTerms; balance: string | undefined; draft: BetDraft; onChange: (draft: BetDraft) => void; testId: string }) {
  const { t } = useTranslation();
  const { terms, balance, draft, onChange, testId } = props;
  return (
    <div className="game-bet__quick" role="group" aria-label={t('games.bet.quick.label')}>
      {QUICK_STAKES.map((kind) => {
        const stake = quickStake(kind, draft.amount, { min: terms.min_stake, max: terms.max_stake, balance });
        const name = t(`games.bet.quick.${kind}`);
        // ½ and ×2 read the same in every language; screen readers get the word, followed by the mark itself so the
        // name holds the visible text (WCAG 2.5.3, label in name: a voice user says what they see).
        const mark = kind === 'half' ? '½' : kind === 'double' ? '×2' : null;
        return (
          <button
            key={kind}
            type="button"
            className="chip-button"
            disabled={stake === null}
            aria-label={mark === null ? undefined : `${name} ${mark}`}
            onClick={() => stake !== null && onChange({ ...draft, amount: stake })}
            data-testid={`${testId}-quick-${kind}`}
          >
            {mark ?? name}
          </button>
        );
      })}
    </div>
  );
}

/** Why the drafted bet cannot be played (spec §5: method and stake both required), or null when it can. */
export function betRefusal(draft: BetDraft, t: TFunction): string | null {
  const stake = stakeProblem(draft.amount);
  return draft.asset === null || stake === 'required' ? t('games.bet.required') : stake === 'invalid' ? t('games.bet.invalid') : null;
}

/**
 * A game table's bet: the draft, the refusal shown under it, the props of its BetFields (a change clears the refusal),
 * `short` — what a stake above the balance lacks, so the table holds the bet back and BetFields shows the recharge
 * prompt (decision 121) — and `refuse`, the table's handling of a failed round: the server's INSUFFICIENT_BALANCE
 * (the balance moved meanwhile) opens the prompt's sheet (`rechargeSheet`), other refusals show under the bet.
 */
export function useBetDraft(terms: GameTerms, balances: PlayerBalances, testId: string, onBalancesChanged: () => void) {
  const symbols = useAssetSymbols();
  const [draft, setDraft] = useState<BetDraft>({ asset: terms.assets[0] ?? null, amount: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const recharge = useRechargePrompt(testId);
  const onChange = (next: BetDraft) => {
    setDraft(next);
    setProblem(null);
  };
  const short = draft.asset === null ? null : amountShort(balanceOrZero(balances, draft.asset), draft.amount);
  const { offer } = recharge;
  const refuse = useCallback(
    (error: unknown, asset: GameAsset) => {
      if (offer(error, { asset, symbol: symbols[asset] })) onBalancesChanged();
      else if (error instanceof ApiError) setProblem(error.message);
      else toastError(error);
    },
    [offer, onBalancesChanged, symbols],
  );
  return { draft, problem, setProblem, short, refuse, rechargeSheet: recharge.sheet, fields: { terms, balances, draft, onChange, problem, short, testId } };
}

/** The round just played: what it says of the outcome, the payout and the link to check it in the browser. */
export function RoundResult({ round, label, testId }: { round: GameRound; label: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const net = netOfRound(round.stake, round.payout);
  return (
    <div className="game-result" role="status" data-testid={`${testId}-result`} data-payout={round.payout}>
      <span>{label}</span>
      <Money value={round.payout} symbol={symbols[round.asset]} testId={`${testId}-payout`} />
      <span className="game-result__net" data-testid={`${testId}-net`} data-trend={net.trend}>
        {t('games.result.net')} <span className="figure">{`${net.text} ${symbols[round.asset]}`}</span>
      </span>
      <Link className="text-link" to={gamePaths.verify(round.id)} data-testid={`${testId}-verify`}>
        {t('games.room.verify')}
      </Link>
    </div>
  );
}
