/**
 * Cards (decisions 050–052): card types, sessions, starter cards, my cards and a card's history. The market
 * (listings, orders, matching, renewal, split) is `trading.service.ts`, which may import this file; this file
 * never imports it (the session jobs in `session-jobs.ts` call both).
 */
import * as clock from '../../core/clock.js';
import type { Executor } from '../../db/client.js';
import * as repo from './cards.repository.js';

export type CardTypeRow = repo.CardTypeRow;
export type CardSessionRow = repo.CardSessionRow;

/**
 * Whether a session is open at `at`: inside its window by the clock AND not closed or cancelled by an operator.
 * The stored state alone is not enough (a late open or close job must never widen the window, decision 051).
 */
export function isSessionOpen(session: Pick<CardSessionRow, 'opensAt' | 'closesAt' | 'state'>, at: Date = clock.now()): boolean {
  return session.state !== 'closed' && session.state !== 'cancelled' && session.opensAt <= at && at < session.closesAt;
}

/** A card type by id (active or not); undefined when there is none. */
export function findCardType(db: Executor, id: number): Promise<CardTypeRow | undefined> {
  return repo.findCardType(db, id);
}

/** The type's session that is open now (by the clock and its state), or null. */
export async function openSessionOfType(db: Executor, cardTypeId: number, at: Date = clock.now()): Promise<CardSessionRow | null> {
  const session = await repo.currentOrNextSession(db, cardTypeId, at);
  return session && isSessionOpen(session, at) ? session : null;
}
