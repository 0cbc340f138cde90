import { pagePath } from '../../../lib/pages';

/**
 * The feature's own links, with the query each page reads (spec §2 names the pages, not their parameters;
 * decision 058): `product` the product to buy on mining/order, `miner` the miner just bought on mining/success.
 */
export const miningPaths = {
  exchange: () => pagePath('mining/index'),
  buy: (productId: number) => `${pagePath('mining/order')}?product=${productId}`,
  bought: (minerId: number) => `${pagePath('mining/success')}?miner=${minerId}`,
  bubbles: () => pagePath('mining/paopao'),
};

/** A positive whole id from a query parameter, 0 for anything else (the page then says "not found"). */
export function idFromQuery(raw: string | null): number {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return 0;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : 0;
}
