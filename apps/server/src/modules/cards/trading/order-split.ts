/**
 * The order split (decision 054): a card bought past its rule's threshold is split into cheaper pieces at once,
 * by the rule of the buyer's nearest leader or else the platform's default. The arithmetic is the pure
 * `../split.ts`; this file finds whose rule applies, writes the pieces, and keeps the leaders' rules.
 */
import { toUnits } from '@reef/contract';
import type { Database, Executor, Transaction } from '../../../db/client.js';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import { recordEvent } from '../../events/events.service.js';
import { isLeader, nearestLeader } from '../../users/users.service.js';
import type { CardRow, CardTypeRow } from '../cards.repository.js';
import { NO_SPLIT, ruleForOwner, splitPrices, type SplitMode, type SplitRule } from '../split.js';
import * as repo from '../trading.repository.js';
import { amount } from './views.js';

export function ruleOf(row: repo.SplitSettingsRow | undefined): SplitRule | null {
  if (!row) return null;
  return {
    mode: row.mode as SplitMode,
    threshold: row.threshold === null ? null : toUnits(row.threshold),
    amount: row.amount === null ? null : toUnits(row.amount),
  };
}

/** The rule a user's cards split by, and whose it is (the nearest leader, or null for the platform default). */
async function ruleForUser(db: Executor, userId: number): Promise<{ rule: SplitRule; leaderId: number | null }> {
  const platform = ruleOf(await repo.splitSettingsOf(db, null)) ?? NO_SPLIT;
  const leader = await nearestLeader(db, userId);
  if (!leader) return { rule: platform, leaderId: null };
  const own = ruleOf(await repo.splitSettingsOf(db, leader.id));
  const rule = ruleForOwner([{ depth: leader.depth, leader: true, rule: own }], platform);
  return { rule, leaderId: own ? leader.id : null };
}

/** Splits a card its new owner just bought when the rule says so; journal-neutral, recorded on every card it touches. */
export async function splitIfDue(tx: Transaction, card: CardRow, type: CardTypeRow, now: Date): Promise<void> {
  const { rule, leaderId } = await ruleForUser(tx, card.ownerId);
  const prices = splitPrices(toUnits(card.price), rule, toUnits(type.startPrice));
  if (!prices) return;
  await repo.updateCard(tx, card.id, { state: 'split', updatedAt: now });
  const pieces = await repo.insertCards(
    tx,
    prices.map((price) => ({
      cardTypeId: card.cardTypeId,
      ownerId: card.ownerId,
      price: amount(price),
      purchasePrice: amount(price),
      purchasedAt: now,
      fuelFee: '0',
      origin: 'split',
      sessionId: null,
      state: 'warehouse',
      holdUntil: card.holdUntil,
      listBy: card.listBy,
      autoSell: false,
      parentCardId: card.id,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await repo.insertHistory(tx, [
    { cardId: card.id, event: 'split', ownerId: card.ownerId, price: card.price, createdAt: now },
    ...pieces.map((p) => ({ cardId: p.id, event: 'split_from', ownerId: card.ownerId, price: p.price, relatedCardId: card.id, createdAt: now })),
  ]);
  await recordEvent(tx, {
    type: 'card.split',
    user_id: card.ownerId,
    card_id: card.id,
    price: amount(toUnits(card.price)),
    mode: rule.mode as 'full' | 'auto',
    leader_id: leaderId,
    pieces: pieces.map((p) => ({ card_id: p.id, price: amount(toUnits(p.price)) })),
  });
}

export const splitView = (rule: SplitRule) => ({
  mode: rule.mode,
  threshold: rule.threshold === null ? null : amount(rule.threshold),
  amount: rule.amount === null ? null : amount(rule.amount),
});

export async function splitSettings(db: Database, userId: number) {
  const [leader, own, platform, effective] = [
    await isLeader(db, userId),
    ruleOf(await repo.splitSettingsOf(db, userId)),
    ruleOf(await repo.splitSettingsOf(db, null)) ?? NO_SPLIT,
    (await ruleForUser(db, userId)).rule,
  ];
  return { leader, settings: leader && own ? splitView(own) : null, effective: splitView(effective), platform_default: splitView(platform) };
}

export interface SplitInput {
  mode: SplitMode;
  threshold?: string;
  amount?: string;
}

/** The contract has checked the input (a threshold to split, an amount for auto and only for auto, two pieces at least). */
export function ruleFrom(input: SplitInput): SplitRule {
  return {
    mode: input.mode,
    threshold: input.mode === 'none' || input.threshold === undefined ? null : toUnits(input.threshold),
    amount: input.mode === 'auto' && input.amount !== undefined ? toUnits(input.amount) : null,
  };
}

/** A leader sets the rule their team's cards split by. */
export async function setSplitSettings(db: Database, userId: number, input: SplitInput, now = clock.now()) {
  return db.transaction(async (tx) => {
    if (!(await isLeader(tx, userId))) throw new DomainError('NOT_LEADER');
    const view = splitView(ruleFrom(input));
    await repo.upsertSettings(tx, userId, { ...view, by: userId, at: now });
    await recordEvent(tx, { type: 'card.split_settings_set', user_id: userId, ...view });
    return view;
  });
}
