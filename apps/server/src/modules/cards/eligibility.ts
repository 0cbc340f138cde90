/**
 * When a card may be listed, renewed or is listed by itself (decision 053), as pure rules over a card's
 * state and business time. A card bought (from stock or on the market) is held until `holdUntil`; from then
 * on its owner may list it, or renew it for a fee to keep it in the warehouse one more window, until `listBy`.
 * At each session of its type, a held-out card past `listBy` (or with auto-sell on) is listed by itself.
 */
/** A sold card is not a state: the sale moves the card to its buyer. A split card is retired into its pieces. */
export type CardState = 'warehouse' | 'listed' | 'split';

export interface CardForRules {
  ownerId: number;
  state: CardState;
  /** Business time (ms) until which the card cannot be listed or renewed. */
  holdUntil: number;
  /** Business time (ms) after which the next session lists it by itself. */
  listBy: number;
  autoSell: boolean;
}

export type ListingProblem = 'NOT_FOUND' | 'CARD_ALREADY_LISTED' | 'CARD_NOT_IN_WAREHOUSE' | 'CARD_HOLDING';
export type RenewalProblem = 'NOT_FOUND' | 'CARD_NOT_IN_WAREHOUSE' | 'CARD_HOLDING' | 'CARD_RENEWAL_EXPIRED';

/** Someone else's card is "not found": an id must not tell whether it exists. */
export function listingProblem(card: CardForRules | undefined, userId: number, nowMs: number): ListingProblem | null {
  if (!card || card.ownerId !== userId) return 'NOT_FOUND';
  if (card.state === 'listed') return 'CARD_ALREADY_LISTED';
  if (card.state !== 'warehouse') return 'CARD_NOT_IN_WAREHOUSE';
  if (nowMs < card.holdUntil) return 'CARD_HOLDING';
  return null;
}

/** Renewal is open from the end of the holding time until the listing deadline (exclusive). */
export function renewalProblem(card: CardForRules | undefined, userId: number, nowMs: number): RenewalProblem | null {
  if (!card || card.ownerId !== userId) return 'NOT_FOUND';
  if (card.state !== 'warehouse') return 'CARD_NOT_IN_WAREHOUSE';
  if (nowMs < card.holdUntil) return 'CARD_HOLDING';
  if (nowMs >= card.listBy) return 'CARD_RENEWAL_EXPIRED';
  return null;
}

/** A renewal moves the deadline one listing window (the type's `list_window_days`) on from where it was. */
export function renewedListBy(listBy: number, windowMs: number): number {
  return listBy + windowMs;
}

/** Whether a session opening now lists the card by itself. */
export function dueForAutoListing(card: CardForRules, nowMs: number): boolean {
  return card.state === 'warehouse' && nowMs >= card.holdUntil && (card.autoSell || nowMs >= card.listBy);
}
