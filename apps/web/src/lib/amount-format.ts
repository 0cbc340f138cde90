import { DISPLAY_DECIMALS, formatAmount, fromUnits, toUnits } from '@reef/contract';

/**
 * Display helpers over exact decimal strings. Nothing here goes through a JS number: an amount is
 * grouped, trimmed and signed as text, so what the user reads is what the ledger holds.
 */

/** "100000000.00000000" → "100,000,000.0000": truncated to `decimals` places, the whole part grouped by thousands. */
export function formatGroupedAmount(value: string, decimals: number = DISPLAY_DECIMALS): string {
  const text = formatAmount(value, decimals);
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "19.90030000" → "19.9003", "100.00000000" → "100": for filling an input with an exact amount. */
export function trimAmount(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export type Trend = 'up' | 'down' | 'flat';

/** A signed percentage string from the server ("1.25", "-0.50", "0.00") for display: "+1.25%", trend up. */
export function formatPercentChange(change: string): { text: string; trend: Trend } {
  const negative = change.startsWith('-');
  const digits = negative ? change.slice(1) : change;
  if (!/[1-9]/.test(digits)) return { text: `${digits}%`, trend: 'flat' };
  return negative ? { text: `-${digits}%`, trend: 'down' } : { text: `+${digits}%`, trend: 'up' };
}

/** A rate as a percentage, exact: "0.003" → "0.3", "0.01" → "1". Null when the text is not a decimal of at most 8 places. */
export function ratePercent(rate: string): string | null {
  try {
    return trimAmount(fromUnits(toUnits(rate) * 100n));
  } catch {
    return null;
  }
}
