import { fromUnits, toUnits } from '@reef/contract';
import { trimAmount } from '../../../../lib/amount-format';
import { checkAmount, normalizeAmountInput, type AmountProblem } from '../../shared/model/amount-input';

export type WithdrawalProblem = AmountProblem | 'amountTooSmall';

/** Spec §5: required, more than the minimum (100), at most 8 decimals. The server checks again. */
export function checkWithdrawal(rawAmount: string, minExclusive: string): WithdrawalProblem | null {
  const problem = checkAmount(rawAmount);
  if (problem !== null) return problem;
  return toUnits(normalizeAmountInput(rawAmount)) > toUnits(minExclusive) ? null : 'amountTooSmall';
}

/** What leaves the balance: the amount plus the gas fee, exact; null while the amount is not valid. */
export function withdrawalTotal(rawAmount: string, fee: string): string | null {
  if (checkAmount(rawAmount) !== null) return null;
  return trimAmount(fromUnits(toUnits(normalizeAmountInput(rawAmount)) + toUnits(fee)));
}
