import type { AssetKey } from '@reef/contract';
import type { TFunction } from '../../../i18n';
import { ratePercent, trimAmount } from '../../../lib/amount-format';

/** A rate fraction as the pages show it: "0.365" → "36.5%" (exact; the raw text if it is not a decimal). */
export function rateText(rate: string): string {
  return `${ratePercent(rate) ?? rate}%`;
}

interface RateTerms {
  annual_rate: string;
  asset: AssetKey;
  interest_asset: AssetKey;
}

/**
 * The annual rate said the way the payout is computed (decision 115): a fraction of the principal counted in units
 * of the interest asset, with no price conversion. When the two assets differ the sentence says so, with what one
 * unit locked earns a year ("0.12 RSC per USDT"), so nobody reads "12 %" as a yield at the market price.
 */
export function annualRateText(t: TFunction, terms: RateTerms, symbols: Readonly<Record<AssetKey, string>>): string {
  const values = {
    rate: rateText(terms.annual_rate),
    asset: symbols[terms.asset],
    interest: symbols[terms.interest_asset],
    perUnit: trimAmount(terms.annual_rate),
  };
  return terms.asset === terms.interest_asset ? t('pledge.rate.annualSame', values) : t('pledge.rate.annualOther', values);
}

/** "0.32876712" → "0.32876712 RSC": the server's daily interest per 1,000 locked, every place kept (it is the rule). */
export function perThousandText(dailyPerThousand: string, interestSymbol: string): string {
  return `${trimAmount(dailyPerThousand)} ${interestSymbol}`;
}
