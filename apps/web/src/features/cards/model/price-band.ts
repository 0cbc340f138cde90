import { AmountFormatError, MAX_REQUEST_INTEGER_DIGITS, toUnits } from '@reef/contract';

/**
 * A price band (market list filter, buy order): a lowest and a highest price, amounts as decimal strings.
 * Spec §5: "price filter must be selected", amounts up to 2 decimals. The server checks the same again; the
 * page checks first so the user reads the problem beside the field instead of a refusal toast.
 */

export type PriceProblem = 'required' | 'invalid' | 'decimals' | 'positive' | 'tooLarge';
export type PriceBandProblem = { field: 'min' | 'max'; problem: PriceProblem } | { field: 'band'; problem: 'order' };

/** Card prices are typed with at most 2 decimals (spec §5's amount validator). */
export const PRICE_DECIMALS = 2;

/** "1,5" (comma keyboards) → "1.5", ".5" → "0.5", "2." → "2", spaces dropped. */
export function normalizePriceInput(raw: string): string {
  let value = raw.trim().replace(/\s+/g, '');
  if (!value.includes('.') && (value.match(/,/g) ?? []).length === 1) value = value.replace(',', '.');
  if (value.startsWith('.')) value = `0${value}`;
  if (value.endsWith('.')) value = value.slice(0, -1);
  return value;
}

/** One price as typed; empty counts as `required` only when the caller says the field is required. */
export function checkPrice(raw: string, decimals: number = PRICE_DECIMALS): PriceProblem | null {
  const value = normalizePriceInput(raw);
  if (value === '') return 'required';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'invalid';
  if ((value.split('.')[1] ?? '').length > decimals) return 'decimals';
  if (value.split('.')[0]!.replace(/^0+/, '').length > MAX_REQUEST_INTEGER_DIGITS) return 'tooLarge';
  try {
    if (toUnits(value) <= 0n) return 'positive';
  } catch (error) {
    if (error instanceof AmountFormatError) return 'invalid';
    throw error;
  }
  return null;
}

export interface PriceBand {
  /** Normalized decimal strings, or null for an open end (filters only). */
  min: string | null;
  max: string | null;
}

/**
 * Checks a band. `required`: both ends must be given (a buy order); otherwise either end may be left empty (a
 * list filter). Answers the band in the contract's spelling, or the first problem.
 */
export function checkPriceBand(
  rawMin: string,
  rawMax: string,
  { required, decimals = PRICE_DECIMALS }: { required: boolean; decimals?: number },
): { band: PriceBand; problem: null } | { band: null; problem: PriceBandProblem } {
  const ends: { field: 'min' | 'max'; raw: string }[] = [
    { field: 'min', raw: rawMin },
    { field: 'max', raw: rawMax },
  ];
  const values: Record<'min' | 'max', string | null> = { min: null, max: null };
  for (const { field, raw } of ends) {
    const problem = checkPrice(raw, decimals);
    if (problem === 'required' && !required) continue;
    if (problem !== null) return { band: null, problem: { field, problem } };
    values[field] = normalizePriceInput(raw);
  }
  if (values.min !== null && values.max !== null && toUnits(values.min) > toUnits(values.max)) {
    return { band: null, problem: { field: 'band', problem: 'order' } };
  }
  return { band: values, problem: null };
}

/** Whether a price (a decimal string from the server) lies inside a band; an open end lets anything through. */
export function inBand(price: string, band: PriceBand): boolean {
  const units = toUnits(price);
  if (band.min !== null && units < toUnits(band.min)) return false;
  if (band.max !== null && units > toUnits(band.max)) return false;
  return true;
}
