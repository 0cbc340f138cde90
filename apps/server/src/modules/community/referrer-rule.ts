/**
 * "A referrer must be bound first" (spec §5) for purchases that pay referral rewards (issue 25 §13, decision 119).
 * Which purchases pay them is the qualifying definition's business (qualifying.ts): a kind the operator counts. Each
 * such purchase asks here before any money moves. The operator's switch (on unless set off) lives in the console
 * settings. A buyer who heads a team (someone bound to them) but has no referrer is a root of the tree by design: the
 * first accounts every invite hangs under. Binding would hang their whole team under someone else, so they buy freely.
 */
import { DomainError } from '../../core/errors.js';
import type { Executor } from '../../db/client.js';
import type { PurchaseKind } from './qualifying.js';
import * as repo from './qualifying.repository.js';

/** Refuses with REFERRER_REQUIRED when the rule is on, the kind pays referral rewards and the buyer has no referrer. */
export async function requireReferrerFor(db: Executor, userId: number, kind: PurchaseKind): Promise<void> {
  const facts = await repo.referrerRuleFacts(db, userId, kind);
  if (!facts) throw new DomainError('USER_NOT_FOUND');
  if (facts.ruleOn && facts.kindCounts && !facts.bound && !facts.heads) throw new DomainError('REFERRER_REQUIRED');
}

export function referrerRequired(db: Executor): Promise<boolean> {
  return repo.referrerRuleSetting(db);
}

export function setReferrerRequired(db: Executor, required: boolean, operatorId: number): Promise<boolean> {
  return repo.setReferrerRuleSetting(db, required, operatorId);
}
