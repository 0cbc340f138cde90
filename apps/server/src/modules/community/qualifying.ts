/**
 * Qualifying purchases (issue 13, decision 064): which business events are purchases that count as a buyer's
 * performance, and what each is worth. The team figures (community) and the reward engine (rewards) both
 * read the outbox through this one definition, so the two can never disagree on what a purchase is.
 */
import { applyRate, toUnits, type AssetKey } from '@reef/contract';
import type { Executor } from '../../db/client.js';
import type { StoredEvent } from '../events/events.service.js';
import * as repo from './qualifying.repository.js';

export const PURCHASE_KINDS = ['card_starter', 'card_market', 'miner', 'pledge'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export interface Purchase {
  kind: PurchaseKind;
  /** The outbox event: the purchase's identity for exactly-once processing. */
  eventId: bigint;
  buyerId: number;
  asset: AssetKey;
  /** What the buyer paid, in units of `asset` (8 decimal places). */
  units: bigint;
  /** The purchased thing, for explanations: a card, a miner or a pledge position. */
  ref: { type: 'card' | 'miner' | 'pledge'; id: number };
  occurredAt: Date;
}

/** The purchase an event records, or null when the event is not a purchase. Pure: no settings applied. */
export function purchaseOf(event: StoredEvent): Purchase | null {
  const base = { eventId: event.id, occurredAt: event.occurred_at };
  switch (event.type) {
    case 'card.bought':
      return { ...base, kind: 'card_starter', buyerId: event.user_id, asset: 'rusd', units: toUnits(event.price), ref: { type: 'card', id: event.card_id } };
    case 'card.matched':
      // user_id is the buyer; the seller's proceeds are a sale, not a purchase.
      return { ...base, kind: 'card_market', buyerId: event.user_id, asset: 'rusd', units: toUnits(event.price), ref: { type: 'card', id: event.card_id } };
    case 'mining.purchased':
      return { ...base, kind: 'miner', buyerId: event.user_id, asset: event.asset, units: toUnits(event.amount), ref: { type: 'miner', id: event.miner_id } };
    case 'pledge.locked':
      // The whole amount the user locked (the fee included): that is what left their balance.
      return {
        ...base,
        kind: 'pledge',
        buyerId: event.user_id,
        asset: event.asset,
        units: toUnits(event.amount),
        ref: { type: 'pledge', id: event.position_id },
      };
    default:
      return null;
  }
}

/** The operator's rules: the kinds that count and each paying asset's factor (a decimal string). */
export interface QualifyingRules {
  kinds: ReadonlySet<PurchaseKind>;
  factors: ReadonlyMap<string, string>;
}

export async function qualifyingRules(db: Executor): Promise<QualifyingRules> {
  const [kinds, assets] = await Promise.all([repo.countingKinds(db), repo.assetFactors(db)]);
  return { kinds: new Set(kinds as PurchaseKind[]), factors: new Map(assets.map((a) => [a.asset, a.factor])) };
}

/** The purchase's performance in USDT-equivalent units, or null when the rules say it does not count. */
export function performanceUnits(purchase: Purchase, rules: QualifyingRules): bigint | null {
  if (!rules.kinds.has(purchase.kind)) return null;
  const factor = rules.factors.get(purchase.asset);
  return factor === undefined ? null : applyRate(purchase.units, factor);
}
