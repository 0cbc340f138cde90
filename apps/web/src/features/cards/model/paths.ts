import { pagePath } from '../../../lib/pages';

/**
 * The feature's own links, with the query each page reads (spec §2 gives the pages, not their parameters):
 * `card` a card id, `type` a card type id, `listing` a market listing id, `kind` what a success page confirms.
 */
export const cardsPaths = {
  starter: () => pagePath('cards/index'),
  type: (typeId: number) => `${pagePath('cards/details')}?type=${typeId}`,
  card: (cardId: number) => `${pagePath('cards/details')}?card=${cardId}`,
  sell: (cardId: number) => `${pagePath('cards/sell')}?card=${cardId}`,
  myCards: () => pagePath('cards/order'),
  bought: (cardId: number) => `${pagePath('cards/success')}?card=${cardId}`,
  market: (typeId?: number) => `${pagePath('trading/index')}${typeId === undefined ? '' : `?type=${typeId}`}`,
  listing: (listingId: number) => `${pagePath('trading/details')}?listing=${listingId}`,
  mySales: () => pagePath('trading/sell'),
  order: (typeId?: number, price?: string) =>
    `${pagePath('trading/order')}${typeId === undefined ? '' : `?${new URLSearchParams({ type: String(typeId), ...(price ? { min: price, max: price } : {}) }).toString()}`}`,
  record: () => pagePath('trading/record'),
  settings: () => pagePath('trading/set'),
  renewal: (cardId?: number) => `${pagePath('trading/renewal')}${cardId === undefined ? '' : `?card=${cardId}`}`,
  done: (kind: SuccessKind, id: number) => `${pagePath('trading/success')}?kind=${kind}&id=${id}`,
};

/**
 * What trading/success confirms: a buy order placed that waits for a match (id = order), a card bought on the market
 * because the order matched at once (id = card), a card listed or renewed (id = card).
 */
export const SUCCESS_KINDS = ['order', 'matched', 'listed', 'renewed'] as const;
export type SuccessKind = (typeof SUCCESS_KINDS)[number];

export function isSuccessKind(value: string | null): value is SuccessKind {
  return (SUCCESS_KINDS as readonly (string | null)[]).includes(value);
}

/** A positive id from the query, or 0 (which no query asks for) when it is missing or malformed. */
export function idParam(raw: string | null): number {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 0;
}

/**
 * Where a placed buy order lands (issue 25 §1): an order the engine matched at once bought a card, so the page says
 * the card is the user's and links to it; an order that waits says plainly that nothing matched yet.
 */
export function placedOrderPath(order: { id: number; state: string; card_id: number | null }): string {
  return order.state === 'completed' && order.card_id !== null ? cardsPaths.done('matched', order.card_id) : cardsPaths.done('order', order.id);
}
