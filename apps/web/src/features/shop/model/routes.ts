/**
 * The shop's pages are not spec §2 pages (spec §7 has the `point/*` calls, not their screens): they live under
 * /pages/shop/ and read their ids from the query, as mining/order does. The router imports only this file, which
 * imports nothing, so the shop's contract stays out of the first load (the bundle budget, decision 046).
 */
export const SHOP_ROUTES = {
  index: '/pages/shop/index',
  goods: '/pages/shop/goods',
  confirm: '/pages/shop/confirm',
  orders: '/pages/shop/orders',
  order: '/pages/shop/order',
} as const;
