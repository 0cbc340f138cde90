import { applyRate, fromUnits, toUnits } from '@reef/contract';
import { ratePercent, trimAmount } from '../../../../lib/amount-format';
import { checkAmount, normalizeAmountInput, type AmountProblem } from '../../shared/model/amount-input';

export { normalizeAmountInput, ratePercent };

export type TransferProblem = 'addressRequired' | AmountProblem;

/** Client-side checks of spec §5 ("needs a recipient address and an amount"); the server decides the rest. */
export function checkTransfer(address: string, rawAmount: string): TransferProblem | null {
  if (address.trim() === '') return 'addressRequired';
  return checkAmount(rawAmount);
}

/** The fee the rate implies for a typed amount, exact to 8 places; null while the amount is not valid. */
export function estimateFee(rawAmount: string, rate: string): string | null {
  const amount = normalizeAmountInput(rawAmount);
  if (checkTransfer('-', amount) !== null) return null;
  try {
    return trimAmount(fromUnits(applyRate(toUnits(amount), rate)));
  } catch {
    return null;
  }
}
