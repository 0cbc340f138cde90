import { pagePath } from '../../../lib/pages';

/** The feature's links; pledge/details reads `product`, a product id (spec §2 gives the pages, not their parameters). */
export const pledgePaths = {
  products: () => pagePath('pledge/index'),
  product: (productId: number) => `${pagePath('pledge/details')}?product=${productId}`,
  mine: () => pagePath('pledge/myList'),
};

/** The product id in pledge/details' query, or 0 (which no product has) when it is missing or malformed. */
export function productParam(raw: string | null): number {
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
}
