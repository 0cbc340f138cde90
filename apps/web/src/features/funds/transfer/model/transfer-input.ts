import { applyRate, fromUnits, toUnits, transferApi } from '@reef/contract';
import { ratePercent, trimAmount } from '../../../../lib/amount-format';
import { checkAmount, normalizeAmountInput, type AmountProblem } from '../../shared/model/amount-input';

export { normalizeAmountInput, ratePercent };

export type TransferProblem = 'addressRequired' | 'recipientInvalid' | AmountProblem;

/**
 * Client-side checks of spec §5 ("needs a recipient address and an amount"): the recipient must read as a wallet
 * address or a uid (the contract's own parser, so the page and the server agree); the server decides the rest.
 */
export function checkTransfer(to: string, rawAmount: string): TransferProblem | null {
  if (to.trim() === '') return 'addressRequired';
  if (transferApi.parseRecipient(to) === null) return 'recipientInvalid';
  return checkAmount(rawAmount);
}

/** The fee the rate implies for a typed amount, exact to 8 places; null while the amount is not valid. */
export function estimateFee(rawAmount: string, rate: string): string | null {
  const amount = normalizeAmountInput(rawAmount);
  if (checkAmount(amount) !== null) return null;
  try {
    return trimAmount(fromUnits(applyRate(toUnits(amount), rate)));
  } catch {
    return null;
  }
}

/** Amount + fee, what leaves the sender's balance; null while the amount is not valid. */
export function transferTotal(rawAmount: string, rate: string): string | null {
  const amount = normalizeAmountInput(rawAmount);
  if (checkAmount(amount) !== null) return null;
  try {
    const units = toUnits(amount);
    return trimAmount(fromUnits(units + applyRate(units, rate)));
  } catch {
    return null;
  }
}

/** True when amount + fee is more than the balance (the server would refuse with INSUFFICIENT_BALANCE). */
export function exceedsBalance(rawAmount: string, rate: string, balance: string): boolean {
  const total = transferTotal(rawAmount, rate);
  return total !== null && toUnits(total) > toUnits(balance);
}

/**
 * "Max": the largest amount whose amount + fee the balance covers (the fee is the rate applied and truncated to
 * 8 places, as the server computes it). Null when not even the smallest unit fits.
 */
export function maxTransferAmount(balance: string, rate: string): string | null {
  const available = toUnits(balance);
  if (available <= 0n) return null;
  const costOf = (units: bigint) => units + applyRate(units, rate);
  const one = toUnits('1');
  // amount × (1 + rate) ≤ balance, solved in units; truncation of the fee can leave room for a unit or two more.
  let amount = (available * one) / (one + toUnits(rate));
  while (amount > 0n && costOf(amount) > available) amount -= 1n;
  while (costOf(amount + 1n) <= available) amount += 1n;
  return amount > 0n ? trimAmount(fromUnits(amount)) : null;
}
