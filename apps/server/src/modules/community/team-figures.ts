/**
 * The binding's hook into the team figures (decision 064), reached through the community service. Community no longer
 * imports users (the tree lock lives in `db/advisory-locks.ts`), so users → community runs one way (decision 107).
 */
import type { Transaction } from '../../db/client.js';
import * as repo from './community.repository.js';

/**
 * A subtree was hung under a referrer (the users service calls this after the closure rows are in, in the same
 * transaction and under the tree lock): the new ancestors gain its members and performance, and their levels follow.
 */
export async function onSubtreeAttached(tx: Transaction, userId: number): Promise<void> {
  await repo.addSubtree(tx, userId);
  await repo.recomputeLevels(tx, repo.selfAndAncestors([userId]));
}
