/**
 * Transaction-scoped advisory locks that more than one module takes. They live below the modules so that two modules
 * sharing a lock need not import each other (decision 107).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** Serializes changes to the referral tree: two crossing bindings (A under B, B under A) cannot both pass. */
const REFERRAL_TREE_LOCK = 7_311_002;

/**
 * Taken by every binding (users) and by the community consumer before it reads the tree (decision 064), so a batch
 * never reads the tree half-moved.
 */
export async function lockReferralTree(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${REFERRAL_TREE_LOCK})`);
}
