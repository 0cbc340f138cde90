/**
 * The community's SQL pieces another module's repository composes into its own statement (the pattern of
 * ledger.sql.ts, decision 107): expressions, not calls, so the user card shows the level's name without a round trip.
 */
import * as repo from './community.repository.js';
import { referrerRefusedOf } from './qualifying.repository.js';

/**
 * The operator's name for a level (community_levels.name) as a scalar subquery over a level expression, `V<n>` when
 * that level is not configured: the same name the community page shows (community.service's levelName).
 */
export function levelNameSubquery(level: Parameters<typeof repo.levelNameOf>[0]) {
  return repo.levelNameOf(level);
}

/**
 * The referrer rule's verdict (decision 119) as a boolean expression over a user-id expression, true when the
 * purchase of `kind` is refused with REFERRER_REQUIRED: for a statement that checks many buyers at once (decision 127).
 */
export function referrerRefusedExpression(userId: Parameters<typeof referrerRefusedOf>[0], kind: string) {
  return referrerRefusedOf(userId, kind);
}
