import { checkPriceBand, type PriceBandProblem } from './price-band';

/**
 * The market list's filter as typed (trading/index): a price band, either end open, and a seller's uid. Spec §5:
 * the filter's content must not be empty — an all-empty filter is "clear", not a search.
 */
export interface MarketFilterInput {
  min: string;
  max: string;
  seller: string;
}

export interface MarketFilterValue {
  minPrice: string | null;
  maxPrice: string | null;
  seller: number | null;
}

export type MarketFilterProblem = PriceBandProblem | { field: 'seller'; problem: 'invalid' } | { field: 'all'; problem: 'empty' };

export function checkMarketFilter(input: MarketFilterInput): { value: MarketFilterValue; problem: null } | { value: null; problem: MarketFilterProblem } {
  const seller = input.seller.trim();
  if (input.min.trim() === '' && input.max.trim() === '' && seller === '') return { value: null, problem: { field: 'all', problem: 'empty' } };
  const band = checkPriceBand(input.min, input.max, { required: false });
  if (band.problem !== null) return { value: null, problem: band.problem };
  // A uid is a positive whole number within the database's int range.
  if (seller !== '' && !(/^[1-9]\d{0,9}$/.test(seller) && Number(seller) <= 2_147_483_647)) {
    return { value: null, problem: { field: 'seller', problem: 'invalid' } };
  }
  return { value: { minPrice: band.band.min, maxPrice: band.band.max, seller: seller === '' ? null : Number(seller) }, problem: null };
}
