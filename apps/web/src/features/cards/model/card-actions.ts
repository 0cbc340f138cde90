/**
 * What the owner may do with a card now, from its state and times on the server's clock (the server refuses the
 * same with CARD_HOLDING, CARD_NOT_IN_WAREHOUSE, CARD_RENEWAL_EXPIRED; the page only hides what would be refused).
 *
 * A card in the warehouse is `holding` until hold_until, then `due` (may be listed or renewed) until list_by, and
 * `overdue` after it: the next session opening lists it by itself (decision 052's rule; the page says so).
 */
export type CardStage = 'holding' | 'due' | 'overdue' | 'listed' | 'sold' | 'split';

export interface CardTimes {
  state: 'warehouse' | 'listed' | 'sold' | 'split';
  hold_until: string;
  list_by: string;
}

export function cardStage(card: CardTimes, nowMs: number): CardStage {
  if (card.state !== 'warehouse') return card.state;
  if (nowMs < Date.parse(card.hold_until)) return 'holding';
  return nowMs < Date.parse(card.list_by) ? 'due' : 'overdue';
}

export interface CardActions {
  /** List it now (cards/sell). */
  sell: boolean;
  /** Renew it for the fee (trading/renewal). */
  renew: boolean;
  /** Switch auto-sell (only while it is still the owner's, in the warehouse). */
  autoSell: boolean;
}

export function cardActions(card: CardTimes, nowMs: number): CardActions {
  const stage = cardStage(card, nowMs);
  return {
    sell: stage === 'due' || stage === 'overdue',
    renew: stage === 'due',
    autoSell: stage === 'holding' || stage === 'due' || stage === 'overdue',
  };
}
