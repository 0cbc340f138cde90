import { shopApi } from '@reef/contract';
import { pagePath } from '../../../lib/pages';
import type { OrderFilter } from '../api/orders';
import { SHOP_ROUTES } from './routes';

export { SHOP_ROUTES };

export const shopPaths = {
  index: () => SHOP_ROUTES.index,
  goods: (id: number) => `${SHOP_ROUTES.goods}?id=${id}`,
  confirm: (goodsId: number, quantity: number, addressId?: number) =>
    `${SHOP_ROUTES.confirm}?${new URLSearchParams({ goods: String(goodsId), quantity: String(quantity), ...(addressId ? { address: String(addressId) } : {}) })}`,
  orders: (status: OrderFilter = 'all') => (status === 'all' ? SHOP_ROUTES.orders : `${SHOP_ROUTES.orders}?status=${status}`),
  order: (id: number) => `${SHOP_ROUTES.order}?id=${id}`,
  chooseLocation: (back: string) => `${pagePath('choose-location')}?${new URLSearchParams({ back })}`,
  openLocation: (orderId: number) => `${pagePath('open-location')}?order=${orderId}`,
};

/** A positive id from the URL, or 0 (which nothing has) when it is missing or malformed. */
export function idParam(raw: string | null): number {
  return raw !== null && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
}

/** The order tab a `status` query names; anything else is all orders. */
export function statusParam(raw: string | null): OrderFilter {
  return (shopApi.ORDER_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as OrderFilter) : 'all';
}

/** The page to return to with `address` set to the chosen address (the confirm page's own query kept). */
export function withAddress(back: string, addressId: number): string {
  const [path, query = ''] = back.split('?', 2) as [string, string?];
  const search = new URLSearchParams(query);
  search.set('address', String(addressId));
  return `${path}?${search}`;
}

/** A link that opens the address in the phone's maps app (or the maps site on a computer). */
export function mapsLink(address: { region: string; detail: string }): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address.detail}, ${address.region}`)}`;
}
