/**
 * The order split (decision 054): when a card changes hands at a price at or above the split threshold, it
 * becomes several cards whose prices add up exactly to the price it had. Whose rule applies: the new owner's
 * nearest leader up the referral tree (the owner first, when they lead), else the platform default. No money
 * moves: the split is journal-neutral, only the cards change.
 */
import { floorToTick } from './pricing.js';

export const SPLIT_MODES = ['none', 'full', 'auto'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/** A card never splits into more pieces than this: a huge price and a tiny piece still give a bounded split. */
export const MAX_SPLIT_PIECES = 50;

export interface SplitRule {
  /** none: never split; full: pieces of the card type's start price; auto: pieces of `amount`. */
  mode: SplitMode;
  /** Split once the price is at least this (units); required unless the mode is none. */
  threshold: bigint | null;
  /** The piece price for auto (units); ignored otherwise. */
  amount: bigint | null;
}

export const NO_SPLIT: SplitRule = { mode: 'none', threshold: null, amount: null };

/** The price of one piece under a rule, or null when the rule does not split. */
export function piecePrice(rule: SplitRule, startPrice: bigint): bigint | null {
  if (rule.mode === 'none') return null;
  const piece = rule.mode === 'full' ? startPrice : rule.amount;
  return piece !== null && piece > 0n ? piece : null;
}

/**
 * The prices of the cards a card of `price` becomes under `rule`, or null when it stays whole (mode none,
 * below the threshold, or not worth two pieces). Pieces are `piece` each (or an even share in cents when there
 * would be more than MAX_SPLIT_PIECES), the last one takes the remainder; they add up to `price` exactly.
 */
export function splitPrices(price: bigint, rule: SplitRule, startPrice: bigint): bigint[] | null {
  const piece = piecePrice(rule, startPrice);
  if (piece === null || rule.threshold === null || price < rule.threshold) return null;
  const whole = price / piece;
  if (whole < 2n) return null;
  const count = whole > BigInt(MAX_SPLIT_PIECES) ? BigInt(MAX_SPLIT_PIECES) : whole;
  const each = count === whole ? piece : floorToTick(price / count);
  const pieces = Array.from({ length: Number(count) - 1 }, () => each);
  pieces.push(price - each * (count - 1n));
  return pieces;
}

export interface LeaderCandidate {
  /** 0 = the owner, 1 = their referrer, … */
  depth: number;
  leader: boolean;
  /** The leader's saved rule; null when they never saved one. */
  rule: SplitRule | null;
}

/**
 * The rule for an owner: the nearest leader's (depth order, the owner first) when that leader saved one; a
 * leader who never saved a rule follows the platform default, as does an owner with no leader above.
 */
export function ruleForOwner(candidates: readonly LeaderCandidate[], platformDefault: SplitRule): SplitRule {
  const nearest = [...candidates].sort((a, b) => a.depth - b.depth).find((c) => c.leader);
  return nearest?.rule ?? platformDefault;
}
