/**
 * Proof of liabilities (issue 23 item 6, decision 098): a Merkle sum tree over every user's balances, taken each day
 * and on an operator's demand. The root and totals are public; each user fetches their own inclusion proof (the
 * caller's token says whose: no route takes a uid, so nobody can ask for another user's leaf) and verifies it with
 * `verifyLiabilitiesProof`, in the app or with `scripts/verify-liabilities-proof.ts`.
 */
import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, isoTime, serialIdParams } from '../common.js';
import { liabilitiesProof } from '../proof-of-liabilities/proof.js';

export const liabilitiesSnapshot = z.object({
  id: z.int(),
  /** SHA-256 of the root node, lower-case hex: what every proof must lead to. */
  root: z.string(),
  /** What users held per asset when the snapshot was taken: the root's sums. */
  totals: z.array(z.object({ asset: assetKey, amount: amountString })),
  /** Leaves in the tree, padding included (a power of two): the user count stays private. */
  leaf_count: z.int(),
  taken_at: isoTime,
  /** What took it: the daily job or an operator. */
  trigger: z.enum(['daily', 'operator']),
});
export type LiabilitiesSnapshot = z.infer<typeof liabilitiesSnapshot>;

/** Snapshots the public page and the console list, newest first. */
export const LIABILITIES_HISTORY = 30;

export const liabilities = endpoint('GET /api/liabilities', 'none', {
  response: z.object({ latest: z.nullable(liabilitiesSnapshot), history: z.array(liabilitiesSnapshot) }),
});

/** The caller's inclusion proof in the latest snapshot; LIABILITIES_PROOF_UNAVAILABLE when none covers them. */
export const myLiabilitiesProof = endpoint('GET /api/liabilities/proof', 'user', {
  response: z.object({ snapshot: liabilitiesSnapshot, proof: liabilitiesProof }),
});

/** The caller's proof in an earlier snapshot (the id is a snapshot's, never a user's). */
export const myLiabilitiesProofIn = endpoint('GET /api/liabilities/:id/proof', 'user', {
  params: serialIdParams,
  response: z.object({ snapshot: liabilitiesSnapshot, proof: liabilitiesProof }),
});

/** Takes a snapshot now (audited). It creates or moves no value, so the two console write roles may. */
export const adminTakeSnapshot = endpoint('POST /api/admin/liabilities/snapshot', 'admin', {
  body: z.strictObject({}),
  response: liabilitiesSnapshot,
});
