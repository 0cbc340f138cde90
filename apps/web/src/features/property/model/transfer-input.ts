import { AMOUNT_SCALE, AmountFormatError, applyRate, fromUnits, toUnits } from '@reef/contract';

export type TransferProblem = 'addressRequired' | 'amountRequired' | 'amountInvalid' | 'amountPositive' | 'amountDecimals';

/**
 * The amount as typed, in the contract's form: "1,5" (comma keyboards in de/pt/ru) → "1.5",
 * ".5" → "0.5", "2." → "2".
 */
export function normalizeAmountInput(raw: string): string {
  let value = raw.trim().replace(/\s+/g, '');
  if (!value.includes('.') && (value.match(/,/g) ?? []).length === 1) value = value.replace(',', '.');
  if (value.startsWith('.')) value = `0${value}`;
  if (value.endsWith('.')) value = value.slice(0, -1);
  return value;
}

/** Client-side checks of spec §5 ("needs a recipient address and an amount"); the server decides the rest. */
export function checkTransfer(address: string, rawAmount: string): TransferProblem | null {
  if (address.trim() === '') return 'addressRequired';
  const amount = normalizeAmountInput(rawAmount);
  if (amount === '') return 'amountRequired';
  if (!/^\d+(\.\d+)?$/.test(amount)) return 'amountInvalid';
  if ((amount.split('.')[1] ?? '').length > AMOUNT_SCALE) return 'amountDecimals';
  try {
    if (toUnits(amount) <= 0n) return 'amountPositive';
  } catch (error) {
    if (error instanceof AmountFormatError) return 'amountInvalid';
    throw error;
  }
  return null;
}

function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** "0.01" → "1" (percent), exact. Null when the server sent something that is not a decimal. */
export function ratePercent(rate: string): string | null {
  try {
    return trimZeros(fromUnits(toUnits(rate) * 100n));
  } catch {
    return null;
  }
}

/** The fee the rate implies for a typed amount, exact to 8 places; null while the amount is not valid. */
export function estimateFee(rawAmount: string, rate: string): string | null {
  const amount = normalizeAmountInput(rawAmount);
  if (checkTransfer('-', amount) !== null) return null;
  try {
    return trimZeros(fromUnits(applyRate(toUnits(amount), rate)));
  } catch {
    return null;
  }
}
