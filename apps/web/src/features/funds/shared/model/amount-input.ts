import { AMOUNT_SCALE, AmountFormatError, toUnits } from '@reef/contract';

export type AmountProblem = 'amountRequired' | 'amountInvalid' | 'amountPositive' | 'amountDecimals';

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

/** An amount the server can take: a positive decimal with at most 8 places (spec §5). */
export function checkAmount(rawAmount: string): AmountProblem | null {
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
