import { toUnits } from '@reef/contract';
import { checkPrice, normalizePriceInput, type PriceProblem } from './price-band';

/**
 * The leader's order-split form (trading/set; spec §6, §5 "split threshold must be entered when splitting"):
 * `none` needs nothing; `full` a threshold; `auto` a threshold and a piece amount, the threshold at least two pieces
 * (so a split makes at least two cards; the contract's rule). Answers the body in the contract's shape, or the first
 * problem beside its field.
 */
export type SplitMode = 'none' | 'full' | 'auto';

export type SplitProblem = { field: 'threshold' | 'amount'; problem: PriceProblem } | { field: 'amount'; problem: 'twoPieces' };

export interface SplitBody {
  mode: SplitMode;
  threshold?: string;
  amount?: string;
}

export function checkSplitSettings(
  mode: SplitMode,
  rawThreshold: string,
  rawAmount: string,
): { body: SplitBody; problem: null } | { body: null; problem: SplitProblem } {
  if (mode === 'none') return { body: { mode }, problem: null };
  const thresholdProblem = checkPrice(rawThreshold);
  if (thresholdProblem !== null) return { body: null, problem: { field: 'threshold', problem: thresholdProblem } };
  const threshold = normalizePriceInput(rawThreshold);
  if (mode === 'full') return { body: { mode, threshold }, problem: null };
  const amountProblem = checkPrice(rawAmount);
  if (amountProblem !== null) return { body: null, problem: { field: 'amount', problem: amountProblem } };
  const amount = normalizePriceInput(rawAmount);
  if (toUnits(amount) * 2n > toUnits(threshold)) return { body: null, problem: { field: 'amount', problem: 'twoPieces' } };
  return { body: { mode, threshold, amount }, problem: null };
}
