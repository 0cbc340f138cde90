/**
 * Where a card stands for its owner, from its state and times on the server's clock: in the warehouse it is
 * `holding` until hold_until, then `due` (may be listed or renewed) until list_by, and `overdue` after it — the
 * next session opening lists it by itself. What may be done now comes from the server (`listable`, `renewable`);
 * this names the stage the page shows and explains.
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
