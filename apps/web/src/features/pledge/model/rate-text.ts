import { ratePercent } from '../../../lib/amount-format';

/** A rate fraction as the pages show it: "0.365" → "36.5%" (exact; the raw text if it is not a decimal). */
export function rateText(rate: string): string {
  return `${ratePercent(rate) ?? rate}%`;
}
